package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamespacedCloudProfileTableTest {

    private final NamespacedCloudProfileTable table = new NamespacedCloudProfileTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Parent Name|string|name|0|",
                        "Parent Kind|string|name|0|",
                        "Age|date||0|AGE_DOC");
        assertThat(cells(table, object("custom", "'spec':{'parent':{'kind':'CloudProfile','name':'aws'}}")))
                .containsExactly("custom", "aws", "CloudProfile", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", "", "<unknown>");
    }
}
