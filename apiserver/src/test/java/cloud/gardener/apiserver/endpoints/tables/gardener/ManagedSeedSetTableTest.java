package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ManagedSeedSetTableTest {

    private final ManagedSeedSetTable table = new ManagedSeedSetTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Ready|string|name|0|",
                        "Pending|string|name|0|",
                        "Age|date||0|AGE_DOC");
        var set = object(
                "set",
                "'spec':{'replicas':3},'status':{'readyReplicas':2,"
                        + "'pendingReplica':{'name':'set-abc','reason':'ShootReconciling'}}");
        assertThat(cells(table, set)).containsExactly("set", "2/3", "set-abc:ShootReconciling", "5m");
        assertThat(cells(table, object("s", "'spec':{'replicas':1}"))).containsExactly("s", "0/1", "", "5m");
    }

    @Test
    void missingReplicasIsUnknownRatherThanAFailure() {
        assertThat(cells(table, json("{}"))).containsExactly("", "0/<unknown>", "", "<unknown>");
    }
}
