package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShootStateTableTest {

    private final ShootStateTable table = new ShootStateTable(CLOCK);

    @Test
    void columnsAndCounts() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Gardener Data|string||0|",
                        "Extension States|string||0|",
                        "Age|date||0|AGE_DOC");
        var state = object("s", "'spec':{'gardener':[{'name':'a'},{'name':'b'}],'extensions':[{'kind':'Worker'}]}");
        assertThat(cells(table, state)).containsExactly("s", 2L, 1L, "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", 0L, 0L, "<unknown>");
    }
}
