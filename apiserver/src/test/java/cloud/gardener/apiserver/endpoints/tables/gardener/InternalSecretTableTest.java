package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InternalSecretTableTest {

    private final InternalSecretTable table = new InternalSecretTable(CLOCK);

    @Test
    void columnsFollowKubesSecretPrinter() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC", "Type|string||0|", "Data|string||0|", "Age|string||0|AGE_DOC");
    }

    @Test
    void dataCountsMergedKeys() {
        var secret = object("s", "'type':'Opaque','data':{'a':'eA==','b':'eQ=='},'stringData':{'b':'y','c':'z'}");
        assertThat(cells(table, secret)).containsExactly("s", "Opaque", 3L, "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", 0L, "<unknown>");
    }
}
