package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConfigMapTableTest {

    private final ConfigMapTable table = new ConfigMapTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Data|string||0|" + ConfigMapTable.DATA_DOC,
                        "Age|string||0|AGE_DOC");
        assertThat(ConfigMapTable.DATA_DOC).startsWith("Data contains the configuration data.");
        var configMap = object(
                "cluster-identity",
                "'data':{'cluster-identity':'x','origin':'gardener-apiserver'}," + "'binaryData':{'blob':'AAE='}");
        assertThat(cells(table, configMap)).containsExactly("cluster-identity", 3L, "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", 0L, "<unknown>");
    }
}
