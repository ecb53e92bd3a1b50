package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Gardener's CRD kinds: the tables kube-apiserver makes of their printer columns. */
class CrdTableTest {

    private final CrdTable table = CrdTable.gardens(CLOCK);
    private final CrdTable extensions = CrdTable.extensions(CLOCK);

    @Test
    void columnsAreTheCrdsPrinterColumns() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "K8S Version|string||0|Kubernetes version of virtual cluster.",
                        "Gardener Version|string||0|Version of the Gardener components.",
                        "Last Operation|string||0|Status of the last operation",
                        "Runtime|string||0|Indicates whether the components related to the runtime cluster are healthy.",
                        "Virtual|string||0|Indicates whether the components related to the virtual cluster are healthy.",
                        "API Server|string||0|Indicates whether the API server of the virtual cluster is available.",
                        "Observability|string||0|Indicates whether the observability components related to the runtime "
                                + "cluster are healthy.",
                        "Age|date||0|creation timestamp");
        assertThat(table.carriesRemainingItemCount()).isTrue();
    }

    @Test
    void cellsFromJsonPaths() {
        var garden = object(
                "garden",
                "'spec':{'virtualCluster':{'kubernetes':{'version':'1.32.2'}}},'status':{"
                        + "'gardener':{'version':'v1.150.0'},'lastOperation':{'state':'Succeeded'},'conditions':["
                        + "{'type':'RuntimeComponentsHealthy','status':'True'},{'type':'VirtualComponentsHealthy'},"
                        + "{'type':'VirtualComponentsHealthy','status':'False'}]}");
        assertThat(cells(table, garden))
                .containsExactly("garden", "1.32.2", "v1.150.0", "Succeeded", "True", "False", null, null, "5m");
    }

    @Test
    void missingValuesAreNullAndBadDatesInvalid() {
        assertThat(cells(table, json("{}"))).containsExactly("", null, null, null, null, null, null, null, null);
        assertThat(cells(table, json("{'metadata':{'creationTimestamp':'soon'}}"))
                        .get(8))
                .isEqualTo("<invalid>");
    }

    @Test
    void extensionsShowTheirConditions() {
        assertThat(columns(extensions))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Installed|string||0|Indicates whether the extension has been reconciled successfully.",
                        "Required Runtime|string||0|Indicates whether the extension is required in the runtime cluster.",
                        "Required Virtual|string||0|Indicates whether the extension is required in the virtual cluster.",
                        "Age|date||0|creation timestamp");
        var extension = object(
                "provider-local",
                "'status':{'conditions':[{'type':'Installed','status':'True'},"
                        + "{'type':'RequiredVirtual','status':'False'}]}");
        assertThat(cells(extensions, extension)).containsExactly("provider-local", "True", null, "False", "5m");
    }
}
