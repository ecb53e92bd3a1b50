package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamespaceTableTest {

    private final NamespaceTable table = new NamespaceTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Status|string||0|The status of the namespace",
                        "Age|string||0|AGE_DOC");
        assertThat(table.carriesRemainingItemCount()).isTrue();
        assertThat(cells(table, object("garden-dev", "'status':{'phase':'Active'}")))
                .containsExactly("garden-dev", "Active", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", "<unknown>");
    }
}
