package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuotaTableTest {

    private final QuotaTable table = new QuotaTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Scope|string|name|0|",
                        "Cluster Lifetime|string|name|0|",
                        "Age|date||0|AGE_DOC");
        var quota = object("trial", "'spec':{'scope':{'apiVersion':'v1','kind':'Secret'},'clusterLifetimeDays':14}");
        assertThat(cells(table, quota)).containsExactly("trial", "v1.Secret", "14 days", "5m");
        var project = object("p", "'spec':{'scope':{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Project'}}");
        assertThat(cells(table, project))
                .containsExactly("p", "core.gardener.cloud/v1beta1.Project", "<unspecified>", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", ".", "<unspecified>", "<unknown>");
    }
}
