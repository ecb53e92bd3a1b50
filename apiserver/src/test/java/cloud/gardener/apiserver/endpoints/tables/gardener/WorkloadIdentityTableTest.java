package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkloadIdentityTableTest {

    private final WorkloadIdentityTable table = new WorkloadIdentityTable(CLOCK);

    @Test
    void columnsWithWideAudiences() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Sub|string|name|0|Sub is the value of the sub claim of the issued JWT token.",
                        "Type|string||0|Type is the provider type of the WorkloadIdentity.",
                        "Audiences|string|name|1|Audiences is list with the audiences of the issued JWT token.",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void audiencesJoinedWithoutSpaces() {
        var identity = object(
                "wi",
                "'spec':{'audiences':['gardener','aws'],'targetSystem':{'type':'aws'}},"
                        + "'status':{'sub':'gardener.cloud:workloadidentity:garden-dev:wi:uid'}");
        assertThat(cells(table, identity))
                .containsExactly(
                        "wi", "gardener.cloud:workloadidentity:garden-dev:wi:uid", "aws", "gardener,aws", "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", "", "", "<unknown>");
    }
}
