package cloud.gardener.apiserver.api.core.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Go constructs of core/v1beta1 that need more than plain fields: embedding, custom marshalling, zero structs. */
class CoreV1beta1CodecTest {

    private static JsonNode json(String s) throws Exception {
        return Json.MAPPER.readTree(s.replace('\'', '"'));
    }

    @Test
    void machineImageFlavorIsTheBareCapabilitiesMap() throws Exception {
        JsonNode in = json("{'kind':'CloudProfile','apiVersion':'core.gardener.cloud/v1beta1','metadata':{'name':'p'},"
                + "'spec':{'type':'local','kubernetes':{'versions':[{'version':'1.33.0'}]},"
                + "'machineCapabilities':[{'name':'architecture','values':['amd64','arm64']}],"
                + "'machineImages':[{'name':'gl','versions':[{'version':'1.0.0','capabilityFlavors':"
                + "[{'architecture':['arm64'],'gpu':['true']},{'architecture':['amd64']}]}]}],"
                + "'machineTypes':[{'name':'m','cpu':'2','gpu':'0','memory':'8Gi','capabilities':{'architecture':['amd64']}}],"
                + "'regions':[{'name':'r'}]}}");
        Decoded<CloudProfile> decoded = ModelCodec.decode(in, CloudProfile.class);
        assertThat(decoded.unknownFields()).isEmpty();
        MachineImageFlavor first = decoded.value()
                .spec()
                .machineImages()
                .get(0)
                .versions()
                .get(0)
                .capabilityFlavors()
                .get(0);
        assertThat(first.capabilities()).isEqualTo(Map.of("architecture", List.of("arm64"), "gpu", List.of("true")));
        ObjectNode out = ModelCodec.encode(decoded.value());
        assertThat(out.path("spec")
                        .path("machineImages")
                        .get(0)
                        .path("versions")
                        .get(0)
                        .path("capabilityFlavors"))
                .isEqualTo(in.path("spec")
                        .path("machineImages")
                        .get(0)
                        .path("versions")
                        .get(0)
                        .path("capabilityFlavors"));
        assertThat(out.path("spec").path("machineTypes").get(0).path("capabilities"))
                .isEqualTo(json("{'architecture':['amd64']}"));
    }

    @Test
    void aFlavorThatIsNotAnObjectIsAGoTypeError() throws Exception {
        JsonNode in =
                json("{'spec':{'machineImages':[{'name':'gl','versions':[{'version':'1','capabilityFlavors':[7]}]}]}}");
        assertThatThrownBy(() -> ModelCodec.decode(in, CloudProfile.class)).isInstanceOf(DecodeException.class);
    }

    @Test
    void seedSelectorEmbedsTheLabelSelector() throws Exception {
        JsonNode in = json("{'spec':{'seedSelector':{'matchLabels':{'a':'b'},'providerTypes':['*'],'other':1}}}");
        Decoded<CloudProfile> decoded = ModelCodec.decode(in, CloudProfile.class);
        assertThat(decoded.unknownFields()).containsExactly("spec.seedSelector.other");
        SeedSelector selector = decoded.value().spec().seedSelector();
        assertThat(selector.labelSelector().matchLabels()).containsEntry("a", "b");
        assertThat(selector.providerTypes()).containsExactly("*");
        assertThat(ModelCodec.encode(decoded.value()).path("spec").path("seedSelector"))
                .isEqualTo(json("{'matchLabels':{'a':'b'},'providerTypes':['*']}"));
    }

    @Test
    void projectMembersEmbedTheRbacSubject() throws Exception {
        JsonNode in = json("{'spec':{'members':[{'kind':'User','name':'alice','apiGroup':'rbac.authorization.k8s.io',"
                + "'role':'admin','roles':['viewer'],'color':'red'}]}}");
        Decoded<Project> decoded = ModelCodec.decode(in, Project.class);
        assertThat(decoded.unknownFields()).containsExactly("spec.members[0].color");
        ProjectMember member = decoded.value().spec().members().get(0);
        assertThat(member.subject().name()).isEqualTo("alice");
        assertThat(member.role()).isEqualTo("admin");
        assertThat(ModelCodec.encode(decoded.value())
                        .path("spec")
                        .path("members")
                        .get(0))
                .isEqualTo(
                        json(
                                "{'kind':'User','apiGroup':'rbac.authorization.k8s.io','name':'alice','role':'admin','roles':['viewer']}"));
    }

    @Test
    void requiredStructsAndStringsAreWrittenEvenWhenEmpty() throws Exception {
        ObjectNode out = ModelCodec.canonical(json("{'kind':'Seed'}"), Seed.class);
        // SeedSpec's dns, networks and provider are non-pointer structs without omitempty; their plain strings too.
        assertThat(out.path("spec").path("networks")).isEqualTo(json("{'pods':'','services':''}"));
        assertThat(out.path("spec").path("provider")).isEqualTo(json("{'type':'','region':''}"));
        assertThat(out.path("spec").path("dns")).isEqualTo(json("{}"));
        assertThat(out.path("spec").has("backup")).isFalse();
    }

    @Test
    void wrongScalarTypesFailAsGoDoes() throws Exception {
        assertThatThrownBy(() -> ModelCodec.decode(json("{'spec':{'namespace':5}}"), Project.class))
                .isInstanceOf(DecodeException.class)
                .hasMessageContaining("cannot unmarshal number into Go struct field")
                .hasMessageContaining("of type string");
    }

    @Test
    void internalSecretDataIsBase64() throws Exception {
        JsonNode in = json("{'kind':'InternalSecret','data':{'k':'Zm9v'},'stringData':{'s':'x'},'type':'Opaque',"
                + "'immutable':false}");
        Decoded<InternalSecret> decoded = ModelCodec.decode(in, InternalSecret.class);
        assertThat(decoded.unknownFields()).isEmpty();
        ObjectNode out = ModelCodec.encode(decoded.value());
        assertThat(out.path("data")).isEqualTo(json("{'k':'Zm9v'}"));
        // *bool: an explicit false survives omitempty.
        assertThat(out.path("immutable").isBoolean()).isTrue();
        assertThat(out.path("immutable").booleanValue()).isFalse();
    }
}
