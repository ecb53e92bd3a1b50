package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackupBucketTableTest {

    private final BackupBucketTable table = new BackupBucketTable(CLOCK);

    @Test
    void columnDefinitions() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Provider|string|name|0|",
                        "Seed|string|name|0|",
                        "Operation|string|name|0|",
                        "Progress|string|name|0|",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void cellsWithLastOperation() {
        var bucket = object(
                "b1",
                "'spec':{'provider':{'type':'aws','region':'eu'},'seedName':'seed-1'},"
                        + "'status':{'lastOperation':{'type':'Reconcile','state':'Error','progress':30}}");
        assertThat(cells(table, bucket)).containsExactly("b1", "aws", "seed-1", "Error", 30L, "5m");
    }

    @Test
    void withoutLastOperationOrSeed() {
        // an unset seed name is a nil *string: a null cell, which kubectl prints as <none>
        assertThat(cells(table, json("{}"))).containsExactly("", "", null, "<pending>", 0L, "<unknown>");
    }
}
