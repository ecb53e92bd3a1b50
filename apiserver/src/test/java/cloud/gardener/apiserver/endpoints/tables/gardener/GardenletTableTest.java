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

class GardenletTableTest {

    private final GardenletTable table = new GardenletTable(CLOCK);

    @Test
    void columnsAndCells() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "OCI Repository|string|name|0|",
                        "Reconciled|string|name|0|",
                        "Age|date||0|AGE_DOC");
        var gardenlet = object(
                "local",
                "'spec':{'deployment':{'helm':{'ociRepository':{"
                        + "'ref':'oci://europe-docker.pkg.dev/gardener-project/releases/charts/gardener/gardenlet:v1.150.0'}}}},"
                        + "'status':{'conditions':[{'type':'GardenletReconciled','status':'True'}]}");
        assertThat(cells(table, gardenlet))
                .containsExactly(
                        "local",
                        "europe-docker.pkg.dev/gardener-project/releases/charts/gardener/gardenlet:v1.150.0",
                        "True",
                        "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", "<unknown>", "<unknown>");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'ref':'oci://r/c:1','repository':'x','tag':'2'}|r/c:1",
                "{'repository':'oci://r/c','tag':'v1','digest':'sha256:ab'}|r/c@sha256:ab",
                "{'repository':'r/c','tag':'v1'}|r/c:v1",
                "{'repository':'r/c'}|''",
                "{}|''"
            })
    void ociUrl(String repository, String expected) {
        assertThat(GardenletTable.ociUrl(json(repository))).isEqualTo(expected);
    }
}
