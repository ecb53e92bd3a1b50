package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackupEntryTableTest {

    private final BackupEntryTable table = new BackupEntryTable(CLOCK);

    @Test
    void columnDefinitions() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Bucket|string|name|0|",
                        "Seed|string|name|0|",
                        "Operation|string|name|0|",
                        "Progress|string|name|0|",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void cellsWithLastOperation() {
        var entry = object(
                "shoot--dev--a",
                "'spec':{'bucketName':'b-1','seedName':'seed-1'},"
                        + "'status':{'lastOperation':{'type':'Create','state':'Succeeded','progress':100}}");
        assertThat(cells(table, entry)).containsExactly("shoot--dev--a", "b-1", "seed-1", "Succeeded", 100L, "5m");
    }

    @Test
    void emptyAndPartial() {
        assertThat(cells(table, json("{}"))).containsExactly("", "", null, "<pending>", 0L, "<unknown>");
        // a last operation without state still replaces the placeholder, as Go's zero value does
        assertThat(cells(table, json("{'status':{'lastOperation':{}}}")))
                .containsExactly("", "", null, "", 0L, "<unknown>");
    }
}
