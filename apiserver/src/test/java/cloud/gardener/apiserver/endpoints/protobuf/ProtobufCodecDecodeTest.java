package cloud.gardener.apiserver.endpoints.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.envelope;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.message;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.objectMeta;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.time;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.google.protobuf.WireFormat;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ProtobufCodecDecodeTest {

    private static final GroupVersionKind NAMESPACE = new GroupVersionKind("", "v1", "Namespace");
    private static final GroupVersionKind SECRET = new GroupVersionKind("", "v1", "Secret");
    private static final GroupVersionKind CONFIG_MAP = new GroupVersionKind("", "v1", "ConfigMap");
    private static final GroupVersionKind DELETE_OPTIONS = new GroupVersionKind("meta.k8s.io", "v1", "DeleteOptions");

    /** JSON text in field order, compact, with ' for ". */
    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    private static String decode(byte[] body, GroupVersionKind into) throws ProtobufDecodingException {
        return ProtobufCodec.decode(body, into).toString();
    }

    @Test
    void namespaceAsKubectlCreateSendsIt() throws Exception {
        byte[] body = envelope(
                "v1",
                "Namespace",
                message()
                        .message(1, objectMeta("team-a", ""))
                        .message(2, message())
                        .message(3, message().string(1, "")));

        assertThat(decode(body, NAMESPACE))
                .isEqualTo(json(
                        "{'kind':'Namespace','apiVersion':'v1','metadata':{'name':'team-a'},'spec':{},'status':{}}"));
    }

    @Test
    void namespaceSpecAndStatusWithConditions() throws Exception {
        byte[] body = envelope(
                "v1",
                "Namespace",
                message()
                        .message(1, objectMeta("ns", ""))
                        .message(2, message().string(1, "kubernetes").string(1, "example.com/x"))
                        .message(
                                3,
                                message()
                                        .string(1, "Terminating")
                                        .message(
                                                2,
                                                message()
                                                        .string(1, "NamespaceDeletionDiscoveryFailure")
                                                        .string(2, "True")
                                                        .message(4, time(1700000000, 999_999_999))
                                                        .string(5, "Discovery")
                                                        .string(6, "failed"))
                                        .message(
                                                2,
                                                message()
                                                        .string(1, "")
                                                        .string(2, "")
                                                        .message(4, message())
                                                        .string(5, "")
                                                        .string(6, ""))));

        assertThat(decode(body, NAMESPACE))
                .isEqualTo(json("{'kind':'Namespace','apiVersion':'v1',"
                        + "'metadata':{'name':'ns'},'spec':{'finalizers':['kubernetes','example.com/x']},"
                        + "'status':{'phase':'Terminating','conditions':["
                        + "{'type':'NamespaceDeletionDiscoveryFailure','status':'True',"
                        + "'lastTransitionTime':'2023-11-14T22:13:20Z','reason':'Discovery','message':'failed'},"
                        + "{'type':'','status':'','lastTransitionTime':null}]}}"));
    }

    @Test
    void secretFromLiteralsBecomesBase64Data() throws Exception {
        byte[] body = envelope(
                "v1",
                "Secret",
                message()
                        .message(1, objectMeta("s", "default"))
                        .entry(2, "b", utf8("two"))
                        .entry(2, "a", utf8("one"))
                        .entry(2, "empty", new byte[0])
                        .string(3, "Opaque")
                        .entry(4, "plain", "text")
                        .bool(5, true));

        assertThat(decode(body, SECRET))
                .isEqualTo(json("{'kind':'Secret','apiVersion':'v1',"
                        + "'metadata':{'name':'s','namespace':'default'},'immutable':true,"
                        + "'data':{'a':'b25l','b':'dHdv','empty':''},'stringData':{'plain':'text'},'type':'Opaque'}"));
    }

    @Test
    void secretWithoutDataOmitsItAndAnEmptyType() throws Exception {
        byte[] body = envelope(
                "v1", "Secret", message().message(1, objectMeta("s", "")).string(3, ""));

        assertThat(decode(body, SECRET)).isEqualTo(json("{'kind':'Secret','apiVersion':'v1','metadata':{'name':'s'}}"));
    }

    @Test
    void configMapDataBinaryDataAndAnExplicitFalseImmutable() throws Exception {
        byte[] body = envelope(
                "v1",
                "ConfigMap",
                message()
                        .message(1, objectMeta("c", "ns"))
                        .entry(2, "k", "v")
                        .entry(2, "k", "last wins")
                        .entry(3, "bin", new byte[] {0, (byte) 0xff, 1})
                        .bool(4, false));

        assertThat(decode(body, CONFIG_MAP))
                .isEqualTo(json("{'kind':'ConfigMap','apiVersion':'v1',"
                        + "'metadata':{'name':'c','namespace':'ns'},'immutable':false,"
                        + "'data':{'k':'last wins'},'binaryData':{'bin':'AP8B'}}"));
    }

    @Test
    void everyObjectMetaField() throws Exception {
        ProtoMessage meta = message()
                .string(1, "n")
                .string(2, "gen-")
                .string(3, "ns")
                .string(4, "/api/v1/namespaces/ns/configmaps/n")
                .string(5, "0b6e0c5e-1f3a-4b43-9d1c-3d4f1e2a7b10")
                .string(6, "42")
                .int64(7, 3)
                .message(8, time(1700000000, 5))
                .message(9, time(1700000060, 0))
                .int64(10, 0)
                .entry(11, "z", "last")
                .entry(11, "app", "web")
                .entry(12, "note", "")
                .message(
                        13,
                        message()
                                .string(1, "Deployment")
                                .string(3, "web")
                                .string(4, "u-1")
                                .string(5, "apps/v1")
                                .bool(6, true)
                                .bool(7, false))
                .message(13, message().string(1, "").string(3, "").string(4, "").string(5, ""))
                .string(14, "a/b")
                .string(14, "c")
                .message(
                        17,
                        message()
                                .string(1, "kubectl-create")
                                .string(2, "Update")
                                .string(3, "v1")
                                .message(4, time(1700000000, 0))
                                .string(6, "FieldsV1")
                                .message(7, message().bytes(1, utf8("{\"f:data\":{\".\":{},\"f:k\":{}}}")))
                                .string(8, "status"))
                .message(
                        17,
                        message()
                                .string(1, "m")
                                .string(2, "")
                                .string(3, "")
                                .string(6, "")
                                .message(7, message())
                                .string(8, ""));
        byte[] body = envelope("v1", "ConfigMap", message().message(1, meta));

        assertThat(decode(body, CONFIG_MAP))
                .isEqualTo(json("{'kind':'ConfigMap','apiVersion':'v1','metadata':{"
                        + "'name':'n','generateName':'gen-','namespace':'ns','selfLink':'/api/v1/namespaces/ns/configmaps/n',"
                        + "'uid':'0b6e0c5e-1f3a-4b43-9d1c-3d4f1e2a7b10','resourceVersion':'42','generation':3,"
                        + "'creationTimestamp':'2023-11-14T22:13:20Z','deletionTimestamp':'2023-11-14T22:14:20Z',"
                        + "'deletionGracePeriodSeconds':0,'labels':{'app':'web','z':'last'},'annotations':{'note':''},"
                        + "'ownerReferences':[{'apiVersion':'apps/v1','kind':'Deployment','name':'web','uid':'u-1',"
                        + "'controller':true,'blockOwnerDeletion':false},{'apiVersion':'','kind':'','name':'','uid':''}],"
                        + "'finalizers':['a/b','c'],'managedFields':[{'manager':'kubectl-create','operation':'Update',"
                        + "'apiVersion':'v1','time':'2023-11-14T22:13:20Z','fieldsType':'FieldsV1',"
                        + "'fieldsV1':{'f:data':{'.':{},'f:k':{}}},'subresource':'status'},"
                        + "{'manager':'m','fieldsV1':null}]}}"));
    }

    @Test
    void zeroTimesAreOmittedFromCreationTimestampButKeptAsNullWhenAPointerIsSet() throws Exception {
        // Go's zero time.Time written as Unix seconds also reads back as zero
        byte[] body = envelope(
                "v1",
                "Namespace",
                message()
                        .message(
                                1,
                                message()
                                        .string(1, "x")
                                        .message(8, time(-62135596800L, 0))
                                        .message(9, message())));

        assertThat(decode(body, NAMESPACE))
                .isEqualTo(json("{'kind':'Namespace','apiVersion':'v1',"
                        + "'metadata':{'name':'x','deletionTimestamp':null},'spec':{},'status':{}}"));
    }

    @Test
    void timesBeforeTheEpochTruncateToTheSecond() throws Exception {
        byte[] body = envelope("v1", "Namespace", message().message(1, message().message(8, time(-1, 500_000_000))));

        assertThat(ProtobufCodec.decode(body, NAMESPACE)
                        .at("/metadata/creationTimestamp")
                        .asText())
                .isEqualTo("1969-12-31T23:59:59Z");
    }

    @Test
    void deleteOptionsWithEveryField() throws Exception {
        byte[] body = envelope(
                "v1",
                "DeleteOptions",
                message()
                        .int64(1, 0)
                        .message(2, message().string(1, "u-1").string(2, "7"))
                        .bool(3, false)
                        .string(4, "Foreground")
                        .string(5, "All")
                        .bool(6, true));

        assertThat(decode(body, DELETE_OPTIONS))
                .isEqualTo(json("{'kind':'DeleteOptions','apiVersion':'v1',"
                        + "'gracePeriodSeconds':0,'preconditions':{'uid':'u-1','resourceVersion':'7'},"
                        + "'orphanDependents':false,'propagationPolicy':'Foreground','dryRun':['All'],"
                        + "'ignoreStoreReadErrorWithClusterBreakingPotential':true}"));
    }

    @Test
    void deleteOptionsKeepsOnlyWhatWasSentAndEmptyPointersStayPresent() throws Exception {
        byte[] body = envelope(
                "meta.k8s.io/v1",
                "DeleteOptions",
                message().message(2, message().string(1, "")).int64(1, -1));

        assertThat(decode(body, DELETE_OPTIONS))
                .isEqualTo(json("{'kind':'DeleteOptions',"
                        + "'apiVersion':'meta.k8s.io/v1','gracePeriodSeconds':-1,'preconditions':{'uid':''}}"));
    }

    @Test
    void anEmptyEnvelopeTypeTakesTheTargetKindAndVersion() throws Exception {
        byte[] body = envelope("", "", message().message(1, objectMeta("x", "")));

        assertThat(decode(body, NAMESPACE)).startsWith(json("{'kind':'Namespace','apiVersion':'v1',"));
        // the group comes only with a defaulted version, as copyKindDefaults does
        assertThat(ProtobufCodec.decode(envelope("v1", "", message()), DELETE_OPTIONS)
                        .path("apiVersion")
                        .asText())
                .isEqualTo("v1");
        assertThat(ProtobufCodec.decode(envelope("", "", message()), DELETE_OPTIONS)
                        .path("apiVersion")
                        .asText())
                .isEqualTo("meta.k8s.io/v1");
    }

    @Test
    void theEnvelopeKindIsReportedAsSentForTheCallerToCheck() throws Exception {
        byte[] body = envelope("apps/v1", "Secret", message().message(1, objectMeta("x", "")));

        assertThat(decode(body, NAMESPACE)).startsWith(json("{'kind':'Secret','apiVersion':'apps/v1',"));
    }

    @Test
    void unknownFieldsOfEveryWireTypeAreSkipped() throws Exception {
        ProtoMessage meta = message()
                .string(1, "x")
                .int64(15, 9) // clusterName's old number, now unknown
                .tag(99, WireFormat.WIRETYPE_FIXED64)
                .raw(1, 2, 3, 4, 5, 6, 7, 8)
                .tag(98, WireFormat.WIRETYPE_FIXED32)
                .raw(1, 2, 3, 4)
                .tag(97, WireFormat.WIRETYPE_START_GROUP)
                .tag(1, WireFormat.WIRETYPE_START_GROUP)
                .string(2, "nested")
                .tag(1, WireFormat.WIRETYPE_END_GROUP)
                .tag(97, WireFormat.WIRETYPE_END_GROUP)
                .string(3, "ns");
        byte[] body = envelope("v1", "Secret", message().message(1, meta).string(50, "future field"));

        assertThat(decode(body, SECRET))
                .isEqualTo(json("{'kind':'Secret','apiVersion':'v1','metadata':{'name':'x','namespace':'ns'}}"));
    }

    @Test
    void aSingularMessageSentTwiceMerges() throws Exception {
        byte[] body = envelope(
                "v1",
                "ConfigMap",
                message()
                        .message(1, message().string(1, "first").entry(11, "a", "1"))
                        .message(1, message().string(3, "ns").entry(11, "b", "2")));

        assertThat(decode(body, CONFIG_MAP))
                .isEqualTo(json("{'kind':'ConfigMap','apiVersion':'v1',"
                        + "'metadata':{'name':'first','namespace':'ns','labels':{'a':'1','b':'2'}}}"));
    }

    @Test
    void invalidUtf8BecomesTheReplacementCharacter() throws Exception {
        byte[] body = envelope(
                "v1",
                "ConfigMap",
                message()
                        .message(1, objectMeta("c", ""))
                        .message(2, message().string(1, "k").bytes(2, new byte[] {'a', (byte) 0xff})));

        assertThat(ProtobufCodec.decode(body, CONFIG_MAP).at("/data/k").asText())
                .isEqualTo("a\uFFFD");
    }

    @Test
    void bodiesThatAreNotKubernetesProtobufAreRejectedWithTheSerializersMessages() {
        assertThatThrownBy(() -> ProtobufCodec.decode(new byte[0], NAMESPACE))
                .isInstanceOf(ProtobufDecodingException.class)
                .hasMessage("empty data");
        assertThatThrownBy(() -> ProtobufCodec.decode(utf8("{\"kind\":\"Namespace\"}"), NAMESPACE))
                .hasMessage("provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]");
        assertThatThrownBy(() -> ProtobufCodec.decode(new byte[] {'k', '8', 's', 0}, NAMESPACE))
                .hasMessage("empty body");
    }

    @Test
    void truncatedAndMistypedFieldsAreErrors() {
        byte[] whole = envelope("v1", "Namespace", message().message(1, objectMeta("team-a", "")));
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        assertThatThrownBy(() -> ProtobufCodec.decode(cut, NAMESPACE))
                .isInstanceOf(ProtobufDecodingException.class)
                .hasMessage("unexpected EOF");

        byte[] varintName =
                envelope("v1", "Namespace", message().message(1, message().int64(1, 5)));
        assertThatThrownBy(() -> ProtobufCodec.decode(varintName, NAMESPACE))
                .isInstanceOf(ProtobufDecodingException.class)
                .hasMessage("proto: wrong wireType = 0 for field Name");

        byte[] strayEndGroup = envelope("v1", "Namespace", message().tag(40, WireFormat.WIRETYPE_END_GROUP));
        assertThatThrownBy(() -> ProtobufCodec.decode(strayEndGroup, NAMESPACE))
                .isInstanceOf(ProtobufDecodingException.class)
                .hasMessage("proto: unexpected end of group");

        byte[] badFields = envelope(
                "v1",
                "Namespace",
                message()
                        .message(
                                1,
                                message()
                                        .message(
                                                17,
                                                message().message(7, message().bytes(1, utf8("{not json"))))));
        assertThatThrownBy(() -> ProtobufCodec.decode(badFields, NAMESPACE))
                .isInstanceOf(ProtobufDecodingException.class)
                .hasMessageStartingWith("fieldsV1: invalid JSON");
    }

    @Test
    void supportsNumberedKindsAndDeleteOptionsAnywhere() {
        assertThat(ProtobufCodec.supports(NAMESPACE)).isTrue();
        assertThat(ProtobufCodec.supports(SECRET)).isTrue();
        assertThat(ProtobufCodec.supports(CONFIG_MAP)).isTrue();
        assertThat(ProtobufCodec.supports(new GroupVersionKind("", "v1", "DeleteOptions")))
                .isTrue();
        assertThat(ProtobufCodec.supports(new GroupVersionKind("core.gardener.cloud", "v1beta1", "DeleteOptions")))
                .isTrue();
        assertThat(ProtobufCodec.supports(new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClass")))
                .isTrue();
        // gardener-operator's kinds are CRDs upstream: no protobuf form
        assertThat(ProtobufCodec.supports(new GroupVersionKind("operator.gardener.cloud", "v1alpha1", "Garden")))
                .isFalse();
        assertThat(ProtobufCodec.supports(new GroupVersionKind("", "v1", "Pod")))
                .isFalse();
        assertThat(ProtobufCodec.supports(new GroupVersionKind("other.example.com", "v1", "ConfigMap")))
                .isFalse();
        assertThatThrownBy(() ->
                        ProtobufCodec.decode(envelope("v1", "Pod", message()), new GroupVersionKind("", "v1", "Pod")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
