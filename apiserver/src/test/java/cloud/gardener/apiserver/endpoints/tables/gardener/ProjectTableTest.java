package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProjectTableTest {

    private final ProjectTable table = new ProjectTable(CLOCK);

    @Test
    void columnsDocumentTheNamespaceColumn() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Namespace|string|name|0|NAMESPACE_DOC",
                        "Status|string|name|0|",
                        "Owner|string|name|0|",
                        "Creator|string|name|0|",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void typicalProject() {
        var project = object(
                "dev",
                "'spec':{'namespace':'garden-dev','owner':{'kind':'User','name':'john'},"
                        + "'createdBy':{'kind':'User','name':'jane'}},'status':{'phase':'Ready'}");
        assertThat(cells(table, project)).containsExactly("dev", "garden-dev", "Ready", "john", "jane", "5m");
    }

    @Test
    void unsetFieldsAreUnknown() {
        assertThat(cells(table, json("{}")))
                .containsExactly("", "<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>");
        // set but empty: the pointer is there, so its (empty) value prints; an empty phase is still unknown
        var project = json("{'spec':{'namespace':'','owner':{}},'status':{'phase':''}}");
        assertThat(cells(table, project)).containsExactly("", "", "<unknown>", "", "<unknown>", "<unknown>");
    }
}
