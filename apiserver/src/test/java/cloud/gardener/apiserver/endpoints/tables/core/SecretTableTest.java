package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretTableTest {

    private final SecretTable table = new SecretTable(CLOCK);

    @Test
    void columnsAreKubesWithSecretDocs() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Type|string||0|Used to facilitate programmatic handling of secret data. More info: "
                                + "https://kubernetes.io/docs/concepts/configuration/secret/#secret-types",
                        "Data|string||0|" + SecretTable.DATA_DOC,
                        "Age|string||0|AGE_DOC");
        assertThat(SecretTable.DATA_DOC)
                .startsWith("Data contains the secret data.")
                .endsWith("https://tools.ietf.org/html/rfc4648#section-4");
    }

    @Test
    void cellsCountDataKeys() {
        var secret = object("creds", "'type':'Opaque','data':{'a':'eA==','b':'eQ=='}");
        assertThat(cells(table, secret)).containsExactly("creds", "Opaque", 2L, "5m");
        var tls = object("tls", "'type':'kubernetes.io/tls','stringData':{'tls.crt':'x','tls.key':'y'}");
        assertThat(cells(table, tls)).containsExactly("tls", "kubernetes.io/tls", 2L, "5m");
        assertThat(cells(table, json("{}"))).containsExactly("", "", 0L, "<unknown>");
    }
}
