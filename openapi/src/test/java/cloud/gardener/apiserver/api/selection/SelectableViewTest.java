package cloud.gardener.apiserver.api.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelectableViewTest {

    private static final ResourceType SHOOTS = Kinds.SHOOT.type();

    @Test
    void keepsWhatSelectorsReadAndGivesTheSameFieldsAsTheWholeObject() {
        String json = """
                {"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot",
                 "metadata":{"name":"dev","namespace":"garden-dev","labels":{"team":"a","tier":"b"},
                   "annotations":{"big":"x"},"managedFields":[{"manager":"kubectl"}]},
                 "spec":{"seedName":"aws-1","provider":{"type":"aws","workers":[{"name":"w"}]},
                   "cloudProfile":{"kind":"CloudProfile","name":"aws"},"cloudProfileName":"aws"},
                 "status":{"seedName":"aws-1","conditions":[{"type":"APIServerAvailable"}]}}
                """;
        JsonNode whole = Json.readTree(json.getBytes(StandardCharsets.UTF_8));

        ObjectNode view = new SelectableView(SHOOTS).read(json.getBytes(StandardCharsets.UTF_8));

        assertThat(FieldSelector.fieldsOf(view, SHOOTS)).isEqualTo(FieldSelector.fieldsOf(whole, SHOOTS));
        assertThat(view.at("/metadata/labels")).isEqualTo(whole.at("/metadata/labels"));
        assertThat(view.at("/metadata/annotations").isMissingNode()).isTrue();
        assertThat(view.at("/metadata/managedFields").isMissingNode()).isTrue();
        assertThat(view.at("/spec/provider").isMissingNode()).isTrue();
        assertThat(view.at("/status/conditions").isMissingNode()).isTrue();
    }

    @Test
    void aScalarOrListWhereThePathGoesOnSelectsNothing() {
        String json = "{\"metadata\":\"odd\",\"spec\":[1,2],\"status\":{\"seedName\":{\"nested\":true}}}";
        JsonNode whole = Json.readTree(json.getBytes(StandardCharsets.UTF_8));

        ObjectNode view = new SelectableView(SHOOTS).read(json.getBytes(StandardCharsets.UTF_8));

        assertThat(FieldSelector.fieldsOf(view, SHOOTS)).isEqualTo(FieldSelector.fieldsOf(whole, SHOOTS));
    }

    @Test
    void whatFollowsTheLastWantedMemberIsNotRead() {
        // metadata first, as stored ConfigMaps have it: the data after it is never scanned (here it would not parse)
        byte[] json = "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"s\",\"namespace\":\"n\"},\"data\":{\"a\": nope"
                .getBytes(StandardCharsets.UTF_8);
        SelectableView view = SelectableView.of(List.of("metadata"));
        assertThat(view.read(json).toString()).isEqualTo("{\"metadata\":{\"name\":\"s\",\"namespace\":\"n\"}}");
        // a member still wanted is looked for to the end
        assertThatThrownBy(() -> SelectableView.of(List.of("metadata", "type")).read(json))
                .isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void aLargeDataMapIsSkippedNotKept() {
        StringBuilder json = new StringBuilder("{\"metadata\":{\"name\":\"s\",\"labels\":{\"a\":\"b\"}},\"data\":{");
        for (int i = 0; i < 20_000; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("\"key-")
                    .append(i)
                    .append("\":\"")
                    .append("x".repeat(100))
                    .append('"');
        }
        json.append("}}");

        ObjectNode view =
                new SelectableView(Kinds.SECRET.type()).read(json.toString().getBytes(StandardCharsets.UTF_8));

        assertThat(view.has("data")).isFalse();
        assertThat(view.at("/metadata/labels/a").asText()).isEqualTo("b");
        assertThat(view.at("/metadata/name").asText()).isEqualTo("s");
    }

    @Test
    void morePathsAreReadInTheSamePassAndAPathReadWholeStaysWhole() {
        String json = "{\"metadata\":{\"name\":\"s\",\"labels\":{\"a\":\"b\",\"c\":\"d\"}},"
                + "\"spec\":{\"seedName\":\"x\",\"dns\":{\"domain\":\"a.example.com\",\"providers\":[1]}}}";

        ObjectNode view = new SelectableView(SHOOTS, List.of("spec.dns.domain", "metadata.labels.a"))
                .read(json.getBytes(StandardCharsets.UTF_8));

        assertThat(view.at("/spec/dns/domain").asText()).isEqualTo("a.example.com");
        assertThat(view.at("/spec/dns/providers").isMissingNode()).isTrue();
        assertThat(view.at("/spec/seedName").asText()).isEqualTo("x");
        assertThat(view.at("/metadata/labels").size())
                .as("labels are read whole")
                .isEqualTo(2);
        ObjectNode wider =
                SelectableView.of(List.of("spec.dns.domain", "spec.dns")).read(json.getBytes(StandardCharsets.UTF_8));
        assertThat(wider.at("/spec/dns/providers").isArray())
                .as("a shorter path reads it whole")
                .isTrue();
    }
}
