package cloud.gardener.apiserver.endpoints.tables;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableConvertorTest {

    static ObjectNode json(String s) {
        return (ObjectNode) Json.readTree(s.replace('\'', '"').getBytes(UTF_8));
    }

    static final ObjectNode SHOOT = json("{'kind':'Shoot','apiVersion':'core.gardener.cloud/v1beta1','metadata':{"
            + "'name':'my-shoot','namespace':'garden-dev','uid':'u1','resourceVersion':'17',"
            + "'creationTimestamp':'2025-01-02T03:04:05Z','labels':{'a':'b'}},'spec':{'x':1}}");
    static final ObjectNode OTHER = json(
            "{'kind':'Shoot','apiVersion':'core.gardener.cloud/v1beta1','metadata':{"
                    + "'name':'other','namespace':'garden-dev','resourceVersion':'18','creationTimestamp':'2025-01-02T05:04:05+02:00'}}");

    static final String COLUMNS = "[{'name':'Name','type':'string','format':'name','description':'"
            + DefaultTableConvertor.NAME_DESCRIPTION + "','priority':0},{'name':'Created At','type':'date','format':'',"
            + "'description':'" + DefaultTableConvertor.CREATED_AT_DESCRIPTION.replace("\n", "\\n")
            + "','priority':0}]";

    @Test
    void listTableWithDefaultColumnsAndMetadataRows() {
        JsonNode table = DefaultTableConvertor.INSTANCE.toTable(
                List.of(SHOOT, OTHER),
                json("{'resourceVersion':'20','continue':'tok','remainingItemCount':3}"),
                null,
                "v1",
                true);
        assertThat(table)
                .isEqualTo(json("{'kind':'Table','apiVersion':'meta.k8s.io/v1',"
                        + "'metadata':{'resourceVersion':'20','continue':'tok','remainingItemCount':3},"
                        + "'columnDefinitions':" + COLUMNS + ",'rows':["
                        + "{'cells':['my-shoot','2025-01-02T03:04:05Z'],'object':{'kind':'PartialObjectMetadata',"
                        + "'apiVersion':'meta.k8s.io/v1','metadata':"
                        + SHOOT.get("metadata").toString().replace('"', '\'') + "}},"
                        + "{'cells':['other','2025-01-02T03:04:05Z'],'object':{'kind':'PartialObjectMetadata',"
                        + "'apiVersion':'meta.k8s.io/v1','metadata':"
                        + OTHER.get("metadata").toString().replace('"', '\'') + "}}]}"));
        // key order as Kubernetes writes it
        assertThat(Json.toJson(table))
                .startsWith("{\"kind\":\"Table\",\"apiVersion\":\"meta.k8s.io/v1\",\"metadata\":{")
                .contains(
                        "\"columnDefinitions\":[{\"name\":\"Name\",\"type\":\"string\",\"format\":\"name\",\"description\":");
    }

    @Test
    void descriptionsAreObjectMetaDocs() {
        assertThat(DefaultTableConvertor.NAME_DESCRIPTION)
                .startsWith("Name must be unique within a namespace.")
                .endsWith("More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names");
        assertThat(DefaultTableConvertor.CREATED_AT_DESCRIPTION)
                .contains("in UTC.\n\nPopulated by the system.")
                .endsWith("api-conventions.md#metadata");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {"Object|OBJECT", "None|NONE", "Metadata|METADATA", "''|METADATA", "null|METADATA"})
    void includeObject(String value, IncludeObject expected) {
        assertThat(IncludeObject.parse(value)).isEqualTo(expected);
        JsonNode row = DefaultTableConvertor.INSTANCE
                .toTable(List.of(SHOOT), null, value, "v1beta1", true)
                .get("rows")
                .get(0);
        switch (expected) {
            case OBJECT -> assertThat(row.get("object")).isEqualTo(SHOOT);
            case NONE -> assertThat(row.get("object").isNull()).isTrue();
            default -> assertThat(row.get("object").get("apiVersion").asText()).isEqualTo("meta.k8s.io/v1beta1");
        }
    }

    @Test
    void badIncludeObjectIs400() {
        assertThatThrownBy(() -> DefaultTableConvertor.INSTANCE.toTable(List.of(SHOOT), null, "metadata", "v1", true))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage("Unable to convert to Table as requested: includeObject: Invalid value: \"metadata\": "
                        + "must be 'Metadata', 'Object', 'None', or empty");
        assertThat(IncludeObject.fromQuery(Map.of("includeObject", List.of("None"))))
                .isEqualTo(IncludeObject.NONE);
        assertThat(IncludeObject.fromQuery(Map.of())).isEqualTo(IncludeObject.METADATA);
    }

    @Test
    void singleObjectTableTakesTheObjectsResourceVersion() {
        JsonNode table = DefaultTableConvertor.INSTANCE.toTable(List.of(SHOOT), null, "None", "v1beta1", true);
        assertThat(table.get("apiVersion").asText()).isEqualTo("meta.k8s.io/v1beta1");
        assertThat(table.get("metadata")).isEqualTo(json("{'resourceVersion':'17'}"));
        assertThat(table.get("rows")).hasSize(1);
    }

    @Test
    void watchEventsAfterTheFirstHaveNullColumns() {
        JsonNode table = DefaultTableConvertor.INSTANCE.toTable(List.of(SHOOT), null, null, "v1", false);
        assertThat(table.has("columnDefinitions")).isTrue();
        assertThat(table.get("columnDefinitions").isNull()).isTrue();
    }

    @Test
    void emptyResults() {
        JsonNode table =
                DefaultTableConvertor.INSTANCE.toTable(List.of(), json("{'resourceVersion':'5'}"), null, "v1", true);
        assertThat(table.get("rows").isNull()).isTrue();
        assertThat(table.get("metadata")).isEqualTo(json("{'resourceVersion':'5'}"));
        TableConvertor custom = new TableConvertor() {
            @Override
            public List<TableColumn> columns() {
                return List.of(new TableColumn("Status", "string", "", "the status", 1));
            }

            @Override
            public com.fasterxml.jackson.databind.node.ArrayNode cells(ObjectNode object) {
                return Json.MAPPER
                        .createArrayNode()
                        .add(object.path("status").path("phase").asText());
            }
        };
        assertThat(custom.toTable(List.of(), null, null, "v1", true).get("rows"))
                .isEmpty();
        assertThat(custom.toTable(List.of(json("{'status':{'phase':'Ready'}}")), null, null, "v1", true))
                .isEqualTo(json("{'kind':'Table','apiVersion':'meta.k8s.io/v1','metadata':{},'columnDefinitions':"
                        + "[{'name':'Status','type':'string','format':'','description':'the status','priority':1}],"
                        + "'rows':[{'cells':['Ready'],'object':{'kind':'PartialObjectMetadata',"
                        + "'apiVersion':'meta.k8s.io/v1','metadata':{'creationTimestamp':null}}}]}"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2025-01-02T03:04:05Z|2025-01-02T03:04:05Z",
                "2025-01-02T03:04:05.123456Z|2025-01-02T03:04:05Z",
                "2025-01-02T01:04:05-02:00|2025-01-02T03:04:05Z",
                "''|0001-01-01T00:00:00Z",
                "garbage|0001-01-01T00:00:00Z"
            })
    void createdAtCellIsRfc3339Utc(String in, String out) {
        assertThat(DefaultTableConvertor.rfc3339Utc(in)).isEqualTo(out);
    }

    @Test
    void missingCreationTimestampPrintsTheZeroTime() {
        assertThat(DefaultTableConvertor.INSTANCE.cells(json("{'metadata':{'name':'n'}}")))
                .isEqualTo(Json.MAPPER.createArrayNode().add("n").add("0001-01-01T00:00:00Z"));
    }
}
