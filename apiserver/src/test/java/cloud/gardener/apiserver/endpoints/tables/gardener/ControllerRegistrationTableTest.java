package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ControllerRegistrationTableTest {

    private final ControllerRegistrationTable table = new ControllerRegistrationTable(CLOCK);

    @Test
    void columnDefinitions() {
        assertThat(columns(table))
                .containsExactly("Name|string|name|0|NAME_DOC", "Resources|string|name|0|", "Age|date||0|AGE_DOC");
    }

    @Test
    void resourcesAreKindSlashTypeJoinedWithCommaSpace() {
        var registration = object(
                "provider-local",
                "'spec':{'resources':[{'kind':'Infrastructure','type':'local'},"
                        + "{'kind':'ControlPlane','type':'local','primary':true},{'kind':'Worker'}]}");
        assertThat(cells(table, registration))
                .containsExactly("provider-local", "Infrastructure/local, ControlPlane/local, Worker/", "5m");
    }

    @Test
    void noResources() {
        assertThat(cells(table, json("{}"))).containsExactly("", "", "<unknown>");
        assertThat(cells(table, json("{'spec':{'resources':{}}}"))).containsExactly("", "", "<unknown>");
    }
}
