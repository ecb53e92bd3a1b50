package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.sample.Part;
import cloud.gardener.apiserver.api.model.sample.Widget;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class ModelCodecTest {

    private static JsonNode json(String s) {
        return Json.readTree(s.replace('\'', '"').getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void decodesEveryShapeAndKeepsFieldsInGoOrder() {
        JsonNode in = json("{'kind':'Widget','apiVersion':'sample/v1','spec':{'name':'w','description':'',"
                + "'replicas':3,'maxSurge':0,'paused':true,'parts':[{'name':'a','optional':false}],'tags':['x'],"
                + "'labels':{'b':'2','a':'1'},'providerConfig':{'any':['thing',1]},'primary':{'name':'p'},"
                + "'default':'d','size':5000000000},'status':{'phase':'Ready'}}");

        Decoded<Widget> decoded = ModelCodec.decode(in, Widget.class);

        assertThat(decoded.unknownFields()).isEmpty();
        Widget w = decoded.value();
        assertThat(w.meta().kind()).isEqualTo("Widget");
        assertThat(w.spec().replicas()).isEqualTo(3);
        assertThat(w.spec().maxSurge()).isZero();
        assertThat(w.spec().parts()).containsExactly(new Part("a", false));
        assertThat(w.spec().defaultValue()).isEqualTo("d");
        assertThat(w.spec().size()).isEqualTo(5_000_000_000L);
        assertThat(ModelCodec.encode(w).toString())
                .isEqualTo(json("{'kind':'Widget','apiVersion':'sample/v1',"
                                + "'spec':{'name':'w','description':'','replicas':3,'maxSurge':0,'paused':true,"
                                + "'parts':[{'name':'a','optional':false}],'tags':['x'],'labels':{'a':'1','b':'2'},"
                                + "'providerConfig':{'any':['thing',1]},'primary':{'name':'p'},'default':'d','size':5000000000},"
                                + "'status':{'phase':'Ready'}}")
                        .toString());
    }

    @Test
    void encodesZeroValuesAsGoDoes() {
        Widget w = ModelCodec.decode(json("{'spec':{}}"), Widget.class).value();

        // required string -> "", nil slice without omitempty -> null, non-pointer struct -> {} even with
        // omitempty, omitempty zero scalars and nil pointers left out.
        assertThat(ModelCodec.encode(w).toString())
                .isEqualTo(json("{'spec':{'name':'','tags':null,'primary':{'name':''}},'status':{}}")
                        .toString());
    }

    @Test
    void pointersKeepTheirZeroValueButValuesDoNot() {
        Widget w = ModelCodec.decode(
                        json("{'spec':{'purpose':'','description':'','replicas':0,'maxSurge':0,"
                                + "'paused':false,'labels':{},'secondary':{'name':''}}}"),
                        Widget.class)
                .value();

        JsonNode spec = ModelCodec.encode(w).get("spec");
        assertThat(spec.has("purpose")).isFalse();
        assertThat(spec.get("description").asText()).isEmpty();
        assertThat(spec.has("replicas")).isFalse();
        assertThat(spec.get("maxSurge").asInt()).isZero();
        assertThat(spec.has("paused")).isFalse();
        assertThat(spec.has("labels")).isFalse();
        assertThat(spec.get("secondary").toString()).isEqualTo("{\"name\":\"\"}");
    }

    @Test
    void omitZeroLeavesOutZeroStructsButKeepsSetOnes() {
        JsonNode zero = ModelCodec.canonical(json("{'spec':{'zeroable':{'name':''}}}"), Widget.class);
        JsonNode set = ModelCodec.canonical(json("{'spec':{'zeroable':{'name':'x'}}}"), Widget.class);

        assertThat(zero.get("spec").has("zeroable")).isFalse();
        assertThat(set.at("/spec/zeroable/name").asText()).isEqualTo("x");
    }

    @Test
    void reportsUnknownFieldsWithTheirPathsAndDropsThem() {
        Decoded<Widget> decoded = ModelCodec.decode(
                json("{'bogus':1,'spec':{'name':'w','extra':true,"
                        + "'parts':[{'name':'a'},{'name':'b','colour':'red'}],'primary':{'size':1}}}"),
                Widget.class);

        assertThat(decoded.unknownFields())
                .containsExactlyInAnyOrder("bogus", "spec.extra", "spec.parts[1].colour", "spec.primary.size");
        assertThat(decoded.problems()).contains("unknown field \"spec.parts[1].colour\"");
        assertThat(ModelCodec.encode(decoded.value()).toString()).doesNotContain("bogus", "extra", "colour");
    }

    @Test
    void rawJsonKeepsAnything() {
        Widget w = ModelCodec.decode(
                        json("{'spec':{'providerConfig':{'apiVersion':'x/v1','kind':'Y','deep':"
                                + "{'list':[1,'two',null,{'3':true}]}}}}"),
                        Widget.class)
                .value();

        assertThat(ModelCodec.encode(w).at("/spec/providerConfig/deep/list").toString())
                .isEqualTo("[1,\"two\",null,{\"3\":true}]");
    }

    @Test
    void wrongTypesFailAsGoDecodingDoes() {
        assertThatThrownBy(() -> ModelCodec.decode(json("{'spec':{'name':1}}"), Widget.class))
                .isInstanceOf(DecodeException.class)
                .hasMessage("json: cannot unmarshal number into Go struct field WidgetSpec.spec.name of type string");
        assertThatThrownBy(() -> ModelCodec.decode(json("{'spec':{'replicas':1.5}}"), Widget.class))
                .hasMessage(
                        "json: cannot unmarshal number 1.5 into Go struct field WidgetSpec.spec.replicas of type int32");
        assertThatThrownBy(() -> ModelCodec.decode(json("{'spec':{'replicas':3000000000}}"), Widget.class))
                .hasMessageContaining("of type int32");
        assertThatThrownBy(() -> ModelCodec.decode(json("{'spec':{'parts':{}}}"), Widget.class))
                .hasMessage(
                        "json: cannot unmarshal object into Go struct field WidgetSpec.spec.parts of type []v1.Part");
        assertThatThrownBy(() -> ModelCodec.decode(json("{'spec':[]}"), Widget.class))
                .hasMessage("json: cannot unmarshal array into Go struct field Widget.spec of type v1.WidgetSpec");
        assertThatThrownBy(() -> ModelCodec.decode(json("[]"), Widget.class))
                .hasMessage("json: cannot unmarshal array into Go value of type v1.Widget");
    }

    @Test
    void nullSliceAndMapItemsDecodeAsGoZeroValues() {
        JsonNode canonical = ModelCodec.canonical(
                json("{'spec':{'tags':['a',null],'labels':{'k':null}," + "'parts':[null,{'name':'p'}]}}"),
                Widget.class);

        // Go decodes each item into a fresh zero value, which null leaves as it is
        assertThat(canonical.at("/spec/tags").toString()).isEqualTo("[\"a\",\"\"]");
        assertThat(canonical.at("/spec/labels").toString()).isEqualTo("{\"k\":\"\"}");
        assertThat(canonical.at("/spec/parts").toString()).isEqualTo("[{\"name\":\"\"},{\"name\":\"p\"}]");
    }

    @Test
    void omitEmptyLeavesOutNilBytesAndOmitZeroLeavesOutTheZeroTime() {
        // []byte with omitempty: nil and empty are both left out, also when the record holds Java null
        var helm = new cloud.gardener.apiserver.api.core.v1.HelmControllerDeployment(null, null, null);
        assertThat(ModelCodec.encode(helm).toString()).isEqualTo("{}");
        // metadata.creationTimestamp is omitempty+omitzero: the zero time (JSON null) is left out
        var meta = ModelCodec.decode(
                        json("{'name':'n','creationTimestamp':null}"),
                        cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta.class)
                .value();
        var zeroTime = new cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta(
                "n",
                null,
                null,
                null,
                null,
                null,
                0,
                cloud.gardener.apiserver.api.model.values.Time.zero(),
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        assertThat(ModelCodec.encode(meta).toString()).isEqualTo("{\"name\":\"n\"}");
        assertThat(ModelCodec.encode(zeroTime).toString()).isEqualTo("{\"name\":\"n\"}");
    }

    @Test
    void canonicalFormIsStable() {
        JsonNode in = json("{'status':{},'spec':{'labels':{'z':'1','a':'2'},'name':'n','tags':[]}}");
        JsonNode once = ModelCodec.canonical(in, Widget.class);
        assertThat(ModelCodec.canonical(once, Widget.class)).isEqualTo(once);
    }
}
