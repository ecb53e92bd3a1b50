package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CredentialsBindingTableTest {

    private final CredentialsBindingTable table = new CredentialsBindingTable(CLOCK);

    @Test
    void columnsHaveASecondNameColumn() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Provider|string||0|Provide is the provider type of the CredentialsBinding.",
                        "APIVersion|string|name|0|APIVersion is the apiVersion of the referenced credentials provider.",
                        "Kind|string|name|0|Kind is the kind of the referenced credentials provider.",
                        "Name|string|name|0|Name is the namespace and name of the referenced credentials provider.",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void cellsOfTheReference() {
        var binding = object(
                "aws",
                "'provider':{'type':'aws'},'credentialsRef':{'apiVersion':'v1','kind':'Secret',"
                        + "'namespace':'garden-dev','name':'aws-creds'}");
        assertThat(cells(table, binding)).containsExactly("aws", "aws", "v1", "Secret", "garden-dev/aws-creds", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", "", "", "/", "<unknown>");
    }
}
