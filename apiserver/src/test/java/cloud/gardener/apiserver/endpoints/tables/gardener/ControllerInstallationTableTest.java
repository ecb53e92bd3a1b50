package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ControllerInstallationTableTest {

    private final ControllerInstallationTable table = new ControllerInstallationTable(CLOCK);

    @Test
    void columnDefinitions() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Registration|string|name|0|",
                        "Cluster|string|name|0|",
                        "Valid|string|name|0|",
                        "Installed|string|name|0|",
                        "Healthy|string|name|0|",
                        "Progressing|string|name|0|",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void seedInstallationWithConditions() {
        var installation = object(
                "provider-local-x1",
                "'spec':{'registrationRef':{'name':'provider-local'},"
                        + "'seedRef':{'name':'local'}},'status':{'conditions':[{'type':'Installed','status':'True'},"
                        + "{'type':'Valid','status':'True'},{'type':'Healthy','status':'False'}]}");
        assertThat(cells(table, installation))
                .containsExactly(
                        "provider-local-x1",
                        "provider-local",
                        "Seed/local",
                        "True",
                        "True",
                        "False",
                        "<unknown>",
                        "5m");
    }

    @Test
    void shootReferenceWinsOverSeed() {
        var installation = json("{'spec':{'shootRef':{'namespace':'garden-dev','name':'s'},'seedRef':{'name':'x'}}}");
        assertThat(cells(table, installation).get(2)).isEqualTo("Shoot/garden-dev/s");
    }

    @Test
    void nothingKnown() {
        assertThat(cells(table, json("{}")))
                .containsExactly("", "", "<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>", "<unknown>");
    }
}
