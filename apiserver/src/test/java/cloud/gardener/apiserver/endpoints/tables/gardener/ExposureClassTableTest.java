package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExposureClassTableTest {

    private final ExposureClassTable table = new ExposureClassTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly("Name|string|name|0|NAME_DOC", "Handler|string|name|0|", "Age|date||0|AGE_DOC");
        assertThat(cells(table, object("internet", "'handler':'internet-config'")))
                .containsExactly("internet", "internet-config", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", "<unknown>");
    }
}
