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

class ManagedSeedTableTest {

    private final ManagedSeedTable table = new ManagedSeedTable(CLOCK);

    @Test
    void columnDefinitions() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Status|string|name|0|",
                        "Shoot|string|name|0|",
                        "Age|date||0|AGE_DOC");
    }

    @ParameterizedTest
    @CsvSource({"True, Registered", "False, NotRegistered", "Progressing, NotRegistered", "Unknown, Unknown"})
    void statusFromSeedRegistered(String condition, String expected) {
        var managedSeed = object(
                "ms",
                "'spec':{'shoot':{'name':'soil'}},'status':{'conditions':[" + "{'type':'SeedRegistered','status':'"
                        + condition + "'}]}");
        assertThat(cells(table, managedSeed)).containsExactly("ms", expected, "soil", "5m");
    }

    @Test
    void withoutConditionOrShoot() {
        assertThat(cells(table, json("{}"))).containsExactly("", "Unknown", "", "<unknown>");
    }
}
