package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShootTableTest {

    private final ShootTable table = new ShootTable(CLOCK);

    @Test
    void columnsAreGardenersWithWideOnesAtPriorityOne() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "CloudProfile|string|name|0|",
                        "Provider|string|name|0|",
                        "Region|string|name|0|",
                        "Seed|string|name|1|",
                        "K8S Version|string|name|0|",
                        "Hibernation|string|name|0|",
                        "Last Operation|string|name|0|",
                        "Status|string|name|0|",
                        "Purpose|string|name|1|",
                        "Gardener Version|string|name|1|",
                        "APIServer|string|name|1|",
                        "Control|string|name|1|",
                        "Observability|string|name|1|",
                        "Nodes|string|name|1|",
                        "System|string|name|1|",
                        "Age|date||0|AGE_DOC");
        assertThat(table.carriesRemainingItemCount()).isFalse();
    }

    @Test
    void typicalShoot() {
        var shoot = object(
                "local",
                "'spec':{'cloudProfile':{'kind':'CloudProfile','name':'aws'},'region':'eu-west-1',"
                        + "'provider':{'type':'aws'},'seedName':'seed-1','kubernetes':{'version':'1.31.1'},"
                        + "'purpose':'production'},'status':{'gardener':{'version':'v1.150.0'},"
                        + "'lastOperation':{'type':'Reconcile','state':'Succeeded','progress':100},'conditions':["
                        + "{'type':'APIServerAvailable','status':'True'},{'type':'ControlPlaneHealthy','status':'False'},"
                        + "{'type':'ObservabilityComponentsHealthy','status':'Progressing'},"
                        + "{'type':'EveryNodeReady','status':'Unknown'},{'type':'SystemComponentsHealthy','status':'True'}]}");
        ((ObjectNode) shoot.get("metadata")).putObject("labels").put("shoot.gardener.cloud/status", "healthy");
        assertThat(cells(table, shoot))
                .containsExactly(
                        "local",
                        "aws",
                        "aws",
                        "eu-west-1",
                        "seed-1",
                        "1.31.1",
                        "Awake",
                        "Reconcile Succeeded (100%)",
                        "healthy",
                        "production",
                        "v1.150.0",
                        "True",
                        "False",
                        "Progressing",
                        "Unknown",
                        "True",
                        "5m");
    }

    @Test
    void emptyShootGetsPlaceholders() {
        assertThat(cells(table, json("{}")))
                .containsExactly(
                        "",
                        "",
                        "",
                        "",
                        "<none>",
                        "",
                        "Awake",
                        "<pending>",
                        "<pending>",
                        "<none>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>");
    }

    @Test
    void malformedFieldsDoNotFail() {
        var shoot = json("{'metadata':{'name':'m','creationTimestamp':'yesterday','labels':[]},'spec':'x',"
                + "'status':{'conditions':{'type':'APIServerAvailable'},'lastOperation':{'progress':'many'}}}");
        assertThat(cells(table, shoot))
                .containsExactly(
                        "m",
                        "",
                        "",
                        "",
                        "<none>",
                        "",
                        "Awake",
                        "  (0%)",
                        "<pending>",
                        "<none>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>",
                        "<unknown>");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'cloudProfileName':'gcp'}|gcp",
                "{'cloudProfile':{'name':'gcp'}}|gcp",
                "{'cloudProfile':{'name':'gcp','kind':'CloudProfile'},'cloudProfileName':'old'}|gcp",
                "{'cloudProfile':{'name':'custom','kind':'NamespacedCloudProfile'}}|garden-dev/custom",
                "{'cloudProfile':{'name':'x','kind':'Other'}}|''",
                "{'cloudProfileName':''}|''"
            })
    void cloudProfileColumn(String spec, String expected) {
        var shoot = json("{'metadata':{'name':'s','namespace':'garden-dev'},'spec':" + spec + "}");
        assertThat(ShootTable.cloudProfile(shoot)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"true, true, Hibernated", "true, false, Hibernating", "false, true, Waking Up", "false, false, Awake"})
    void hibernationColumn(boolean specEnabled, boolean statusHibernated, String expected) {
        var shoot = json("{'spec':{'hibernation':{'enabled':" + specEnabled + "}},'status':{'hibernated':"
                + statusHibernated + "}}");
        assertThat(ShootTable.hibernation(shoot)).isEqualTo(expected);
    }

    @Test
    void anEmptyStatusLabelIsPrintedAsIs() {
        var shoot = json("{'metadata':{'labels':{'shoot.gardener.cloud/status':''}},'spec':{'seedName':''}}");
        var row = cells(table, shoot);
        assertThat(row.get(8)).isEqualTo("");
        assertThat(row.get(4)).isEqualTo("");
        assertThat(row.get(7)).isEqualTo("<pending>");
    }
}
