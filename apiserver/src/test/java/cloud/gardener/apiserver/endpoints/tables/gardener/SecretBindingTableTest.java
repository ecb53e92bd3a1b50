package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretBindingTableTest {

    private final SecretBindingTable table = new SecretBindingTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Secret|string|name|0|",
                        "Provider|string|name|0|",
                        "Age|date||0|AGE_DOC");
        var binding =
                object("aws", "'secretRef':{'namespace':'garden-dev','name':'aws-creds'},'provider':{'type':'aws'}");
        assertThat(cells(table, binding)).containsExactly("aws", "garden-dev/aws-creds", "aws", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "/", "<none>", "<unknown>");
    }
}
