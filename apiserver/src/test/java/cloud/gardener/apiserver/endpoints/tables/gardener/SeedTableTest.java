package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SeedTableTest {

    private final SeedTable table = new SeedTable(CLOCK);

    @Test
    void columnsPutAgeBeforeTheVersions() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Status|string|name|0|",
                        "Last Operation|string|name|0|",
                        "Provider|string|name|0|",
                        "Region|string|name|0|",
                        "Age|date||0|AGE_DOC",
                        "Version|string|name|0|",
                        "K8S Version|string|name|0|");
    }

    @Test
    void typicalSeed() {
        var seed = object(
                "aws-eu1",
                "'spec':{'provider':{'type':'aws','region':'eu-west-1'}},'status':{"
                        + "'gardener':{'version':'v1.150.0'},'kubernetesVersion':'1.32.0',"
                        + "'lastOperation':{'type':'Reconcile','state':'Processing','progress':42},'conditions':["
                        + "{'type':'GardenletReady','status':'True'},{'type':'ExtensionsReady','status':'True'},"
                        + "{'type':'BackupBucketsReady','status':'True'},{'type':'SeedSystemComponentsHealthy','status':'True'}]}");
        assertThat(cells(table, seed))
                .containsExactly(
                        "aws-eu1",
                        "Ready",
                        "Reconcile Processing (42%)",
                        "aws",
                        "eu-west-1",
                        "5m",
                        "v1.150.0",
                        "1.32.0");
    }

    @Test
    void emptySeed() {
        assertThat(cells(table, json("{}")))
                .containsExactly("", "NotReady", "<pending>", "", "", "<unknown>", "<unknown>", "<unknown>");
        // a gardener block without version is still <unknown>; an empty kubernetesVersion pointer prints as is
        var seed = json("{'status':{'gardener':{'name':'x'},'kubernetesVersion':''}}");
        assertThat(cells(table, seed).subList(6, 8)).containsExactly("<unknown>", "");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "GardenletReady=True,ExtensionsReady=True|Ready",
                "GardenletReady=Unknown|Unknown",
                "GardenletReady=Unknown,ExtensionsReady=True|Unknown",
                "ExtensionsReady=True|NotReady",
                "GardenletReady=False,ExtensionsReady=True|NotReady",
                "GardenletReady=Progressing,ExtensionsReady=True|NotReady",
                "GardenletReady=True|NotReady",
                "GardenletReady=True,ExtensionsReady=False|NotReady",
                "GardenletReady=True,ExtensionsReady=Unknown|NotReady",
                "GardenletReady=True,ExtensionsReady=Progressing|Ready",
                "GardenletReady=True,ExtensionsReady=True,BackupBucketsReady=Progressing|NotReady",
                "GardenletReady=True,ExtensionsReady=True,BackupBucketsReady=True|Ready",
                "GardenletReady=True,ExtensionsReady=True,SeedSystemComponentsHealthy=False|NotReady",
                "GardenletReady=True,ExtensionsReady=True,SeedSystemComponentsHealthy=Unknown|NotReady",
                "GardenletReady=True,ExtensionsReady=True,SeedSystemComponentsHealthy=Progressing|Ready"
            })
    void statusRules(String conditions, String expected) {
        StringBuilder list = new StringBuilder();
        for (String c : conditions.split(",", -1)) {
            String[] kv = c.split("=", -1);
            list.append(list.isEmpty() ? "" : ",")
                    .append("{'type':'")
                    .append(kv[0])
                    .append("','status':'")
                    .append(kv[1])
                    .append("'}");
        }
        assertThat(SeedTable.status(json("{'status':{'conditions':[" + list + "]}}")))
                .isEqualTo(expected);
    }

    @Test
    void firstConditionOfATypeCounts() {
        var seed = json("{'status':{'conditions':[{'type':'GardenletReady','status':'True'},"
                + "{'type':'ExtensionsReady','status':'True'},{'type':'GardenletReady','status':'Unknown'}]}}");
        assertThat(SeedTable.status(seed)).isEqualTo("Ready");
    }
}
