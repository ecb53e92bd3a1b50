package cloud.gardener.apiserver.endpoints.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.CLOUD_PROFILE;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.CONFIG_MAP;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.DURATION;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.EXPOSURE_CLASS;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.INT_OR_STRING;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.OBJECT_META;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.QUANTITY;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.SHOOT;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.TIME;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.UNKNOWN;
import static cloud.gardener.apiserver.endpoints.protobuf.GoProtoDescriptors.WATCH_EVENT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The codec against protobuf-java's {@code DynamicMessage} driven by descriptors of the published proto definitions
 * ({@link GoProtoDescriptors}): bodies that encoder writes decode to the JSON Go would give, and the codec's bodies
 * are, byte for byte, what that encoder writes for the fields Go's generated code writes (every non-pointer string
 * and number, even when empty; pointers only when set; map entries sorted by key): a ConfigMap, an ExposureClass, a
 * Shoot (workers, maps, Quantity, Duration, IntOrString, RawExtension) and a CloudProfile (named slices, flavors).
 */
class IndependentEncoderTest {

    private static final GroupVersionKind CONFIG_MAP_KIND = new GroupVersionKind("", "v1", "ConfigMap");
    private static final GroupVersionKind EXPOSURE_CLASS_KIND =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClass");
    private static final GroupVersionKind SHOOT_KIND = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");
    private static final GroupVersionKind CLOUD_PROFILE_KIND =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "CloudProfile");
    private static final byte[] MAGIC = {'k', '8', 's', 0};

    @Test
    void aConfigMapFromTheIndependentEncoderDecodes() throws Exception {
        Message meta = build(
                OBJECT_META,
                "name",
                "settings",
                "namespace",
                "team-a",
                "generation",
                0L,
                "creationTimestamp",
                build(TIME, "seconds", 1700000000L, "nanos", 0));
        Message configMap = DynamicMessage.newBuilder(CONFIG_MAP)
                .setField(CONFIG_MAP.findFieldByName("metadata"), meta)
                .addRepeatedField(CONFIG_MAP.findFieldByName("data"), entry(CONFIG_MAP, "data", "log.level", "debug"))
                .addRepeatedField(
                        CONFIG_MAP.findFieldByName("binaryData"),
                        entry(CONFIG_MAP, "binaryData", "logo.png", ByteString.copyFrom(new byte[] {(byte) 0x89, 'P'})))
                .setField(CONFIG_MAP.findFieldByName("immutable"), true)
                .build();

        JsonNode decoded = ProtobufCodec.decode(body("v1", "ConfigMap", configMap), CONFIG_MAP_KIND);

        assertThat(decoded).isEqualTo(Json.MAPPER.readTree("""
                {"kind":"ConfigMap","apiVersion":"v1",
                 "metadata":{"name":"settings","namespace":"team-a","creationTimestamp":"2023-11-14T22:13:20Z"},
                 "immutable":true,"data":{"log.level":"debug"},"binaryData":{"logo.png":"iVA="}}"""));
    }

    @Test
    void aConfigMapIsWrittenAsGoWritesIt() throws Exception {
        JsonNode json = Json.MAPPER.readTree("""
                {"kind":"ConfigMap","apiVersion":"v1",
                 "metadata":{"name":"settings","namespace":"team-a","uid":"6f1b","resourceVersion":"17",
                             "creationTimestamp":"2023-11-14T22:13:20Z","labels":{"tier":"web","app":"shop"}},
                 "data":{"b":"2","a":"1"}}""");

        byte[] body = ProtobufCodec.encode(json, CONFIG_MAP_KIND);

        Message meta = build(
                OBJECT_META,
                "name",
                "settings",
                "generateName",
                "",
                "namespace",
                "team-a",
                "selfLink",
                "",
                "uid",
                "6f1b",
                "resourceVersion",
                "17",
                "generation",
                0L,
                "creationTimestamp",
                build(TIME, "seconds", 1700000000L, "nanos", 0));
        meta = meta.toBuilder()
                .addRepeatedField(OBJECT_META.findFieldByName("labels"), entry(OBJECT_META, "labels", "app", "shop"))
                .addRepeatedField(OBJECT_META.findFieldByName("labels"), entry(OBJECT_META, "labels", "tier", "web"))
                .build();
        Message expected = DynamicMessage.newBuilder(CONFIG_MAP)
                .setField(CONFIG_MAP.findFieldByName("metadata"), meta)
                .addRepeatedField(CONFIG_MAP.findFieldByName("data"), entry(CONFIG_MAP, "data", "a", "1"))
                .addRepeatedField(CONFIG_MAP.findFieldByName("data"), entry(CONFIG_MAP, "data", "b", "2"))
                .build();
        assertThat(body).isEqualTo(body("v1", "ConfigMap", expected));
    }

    @Test
    void anExposureClassIsWrittenAsGoWritesItAndReadsBack() throws Exception {
        JsonNode json = Json.MAPPER.readTree("""
                {"kind":"ExposureClass","apiVersion":"core.gardener.cloud/v1beta1",
                 "metadata":{"name":"internet"},
                 "handler":"internet-config",
                 "scheduling":{"seedSelector":{"matchLabels":{"network":"internet"},
                                               "matchExpressions":[{"key":"zone","operator":"In","values":["a","b"]}]},
                               "tolerations":[{"key":"exposure","value":"public"},{"key":"any"}]}}""");

        byte[] body = ProtobufCodec.encode(json, EXPOSURE_CLASS_KIND);

        Descriptor scheduling = EXPOSURE_CLASS.findFieldByName("scheduling").getMessageType();
        Descriptor seedSelector = scheduling.findFieldByName("seedSelector").getMessageType();
        Descriptor labelSelector = seedSelector.findFieldByName("labelSelector").getMessageType();
        Descriptor requirement =
                labelSelector.findFieldByName("matchExpressions").getMessageType();
        Descriptor toleration = scheduling.findFieldByName("tolerations").getMessageType();
        Message selector = DynamicMessage.newBuilder(labelSelector)
                .addRepeatedField(
                        labelSelector.findFieldByName("matchLabels"),
                        entry(labelSelector, "matchLabels", "network", "internet"))
                .addRepeatedField(
                        labelSelector.findFieldByName("matchExpressions"),
                        build(requirement, "key", "zone", "operator", "In", "values", List.of("a", "b")))
                .build();
        Message expected = build(
                EXPOSURE_CLASS,
                "metadata",
                build(
                        OBJECT_META,
                        "name",
                        "internet",
                        "generateName",
                        "",
                        "namespace",
                        "",
                        "selfLink",
                        "",
                        "uid",
                        "",
                        "resourceVersion",
                        "",
                        "generation",
                        0L,
                        "creationTimestamp",
                        build(TIME)),
                "handler",
                "internet-config",
                "scheduling",
                build(
                        scheduling,
                        "seedSelector",
                        build(seedSelector, "labelSelector", selector),
                        // Toleration.value is a *string: left out when nil
                        "tolerations",
                        List.of(
                                build(toleration, "key", "exposure", "value", "public"),
                                build(toleration, "key", "any"))));
        assertThat(body).isEqualTo(body("core.gardener.cloud/v1beta1", "ExposureClass", expected));
        assertThat(ProtobufCodec.decode(body, EXPOSURE_CLASS_KIND)).isEqualTo(json);
    }

    @Test
    void aWatchFrameIsALengthAndAWatchEventHoldingTheBody() throws Exception {
        byte[] object = ProtobufCodec.encode(
                Json.MAPPER.readTree("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\"}}"),
                CONFIG_MAP_KIND);

        byte[] frame = ProtobufCodec.watchFrame("ADDED", object);

        int length =
                ((frame[0] & 0xff) << 24) | ((frame[1] & 0xff) << 16) | ((frame[2] & 0xff) << 8) | (frame[3] & 0xff);
        assertThat(length).isEqualTo(frame.length - 4);
        DynamicMessage event = DynamicMessage.parseFrom(WATCH_EVENT, Arrays.copyOfRange(frame, 4, frame.length));
        assertThat(event.getField(WATCH_EVENT.findFieldByName("type"))).isEqualTo("ADDED");
        Message raw = (Message) event.getField(WATCH_EVENT.findFieldByName("object"));
        assertThat(((ByteString) raw.getField(raw.getDescriptorForType().findFieldByName("raw"))).toByteArray())
                .isEqualTo(object);
        assertThat(event.getUnknownFields().asMap()).isEmpty();
    }

    @Test
    void aShootIsWrittenAsGoWritesItAndReadsBack() throws Exception {
        JsonNode json = Json.MAPPER.readTree("""
                {"kind":"Shoot","apiVersion":"core.gardener.cloud/v1beta1",
                 "metadata":{"name":"crazy-botany","namespace":"garden-dev"},
                 "spec":{"cloudProfileName":"aws","region":"eu-west-1","credentialsBindingName":"my-aws",
                         "kubernetes":{"version":"1.33.4",
                                       "kubelet":{"kubeReserved":{"cpu":"80m","memory":"1Gi"},
                                                  "imageMinimumGCAge":"2m0s"}},
                         "provider":{"type":"aws",
                                     "infrastructureConfig":{"apiVersion":"aws.provider.extensions.gardener.cloud/v1alpha1",
                                                             "kind":"InfrastructureConfig"},
                                     "workers":[{"name":"cpu-worker","labels":{"pool":"cpu","a":"1"},
                                                 "machine":{"type":"m5.large",
                                                            "image":{"name":"gardenlinux","version":"1592.1.0"}},
                                                 "maximum":5,"minimum":3,"maxSurge":"25%","maxUnavailable":0,
                                                 "providerConfig":{"kind":"WorkerConfig"},
                                                 "volume":{"type":"gp3","size":"50Gi"},
                                                 "zones":["eu-west-1a","eu-west-1b"]}]}},
                 "status":{"gardener":{"id":"","name":"","version":""},"hibernated":false,"technicalID":"",
                           "uid":""}}""");

        byte[] body = ProtobufCodec.encode(json, SHOOT_KIND);

        Descriptor spec = field(SHOOT, "spec");
        Descriptor kubernetes = field(spec, "kubernetes");
        Descriptor kubelet = field(kubernetes, "kubelet");
        Descriptor provider = field(spec, "provider");
        Descriptor worker = field(provider, "workers");
        Descriptor machine = field(worker, "machine");
        Descriptor status = field(SHOOT, "status");
        Message expectedWorker = build(
                worker,
                "name",
                "cpu-worker",
                "machine",
                build(
                        machine,
                        "type",
                        "m5.large",
                        "image",
                        build(field(machine, "image"), "name", "gardenlinux", "version", "1592.1.0")),
                "maximum",
                5,
                "minimum",
                3,
                "maxSurge",
                build(INT_OR_STRING, "type", 1L, "intVal", 0, "strVal", "25%"),
                "maxUnavailable",
                build(INT_OR_STRING, "type", 0L, "intVal", 0, "strVal", ""),
                "providerConfig",
                raw("{\"kind\":\"WorkerConfig\"}"),
                "volume",
                build(field(worker, "volume"), "type", "gp3", "size", "50Gi"),
                "zones",
                List.of("eu-west-1a", "eu-west-1b"));
        expectedWorker = expectedWorker.toBuilder() // map entries sorted by key
                .addRepeatedField(worker.findFieldByName("labels"), entry(worker, "labels", "a", "1"))
                .addRepeatedField(worker.findFieldByName("labels"), entry(worker, "labels", "pool", "cpu"))
                .build();
        Message expected = build(
                SHOOT,
                "metadata",
                emptyMeta("crazy-botany", "garden-dev"),
                "spec",
                build(
                        spec,
                        "cloudProfileName",
                        "aws",
                        "kubernetes",
                        build(
                                kubernetes,
                                "version",
                                "1.33.4",
                                // the inline KubernetesConfig is a struct field of its own: written, empty
                                "kubelet",
                                build(
                                        kubelet,
                                        "kubernetesConfig",
                                        build(field(kubelet, "kubernetesConfig")),
                                        "kubeReserved",
                                        build(
                                                field(kubelet, "kubeReserved"),
                                                "cpu",
                                                build(QUANTITY, "string", "80m"),
                                                "memory",
                                                build(QUANTITY, "string", "1Gi")),
                                        "imageMinimumGCAge",
                                        build(DURATION, "duration", 120_000_000_000L))),
                        "provider",
                        build(
                                provider,
                                "type",
                                "aws",
                                "infrastructureConfig",
                                raw(
                                        "{\"apiVersion\":"
                                                + "\"aws.provider.extensions.gardener.cloud/v1alpha1\",\"kind\":\"InfrastructureConfig\"}"),
                                "workers",
                                List.of(expectedWorker)),
                        "region",
                        "eu-west-1",
                        "credentialsBindingName",
                        "my-aws"),
                // ShootStatus is a struct: Go writes its non-pointer fields, all empty
                "status",
                build(
                        status,
                        "gardener",
                        build(field(status, "gardener"), "id", "", "name", "", "version", ""),
                        "hibernated",
                        false,
                        "observedGeneration",
                        0L,
                        "technicalID",
                        "",
                        "uid",
                        ""));
        assertThat(body).isEqualTo(body("core.gardener.cloud/v1beta1", "Shoot", expected));
        assertThat(ProtobufCodec.decode(body, SHOOT_KIND)).isEqualTo(json);
    }

    @Test
    void aCloudProfileWithCapabilitiesIsWrittenAsGoWritesItAndReadsBack() throws Exception {
        JsonNode json = Json.MAPPER.readTree("""
                {"kind":"CloudProfile","apiVersion":"core.gardener.cloud/v1beta1",
                 "metadata":{"name":"aws"},
                 "spec":{"type":"aws",
                         "kubernetes":{"versions":[{"version":"1.33.4"},
                                                   {"version":"1.32.8","expirationDate":"2026-12-31T23:59:59Z",
                                                    "classification":"deprecated"}]},
                         "machineCapabilities":[{"name":"architecture","values":["amd64","arm64"]},
                                                {"name":"gpu","values":[]}],
                         "machineImages":[{"name":"gardenlinux",
                                           "versions":[{"version":"1592.1.0","cri":[{"name":"containerd"}],
                                                        "capabilityFlavors":[{"architecture":["amd64"]},
                                                                             {"gpu":[],"architecture":["arm64"]}]}]}],
                         "machineTypes":[{"name":"m5.large","cpu":"2","gpu":"0","memory":"8Gi","usable":true,
                                          "capabilities":{"architecture":["amd64"]}}],
                         "regions":[{"name":"eu-west-1","zones":[{"name":"eu-west-1a"}],"labels":{"b":"2","a":"1"}}]},
                 "status":{}}""");

        byte[] body = ProtobufCodec.encode(json, CLOUD_PROFILE_KIND);

        Descriptor spec = field(CLOUD_PROFILE, "spec");
        Descriptor version = field(field(spec, "kubernetes"), "versions");
        Descriptor capability = field(spec, "machineCapabilities");
        Descriptor values = field(capability, "values");
        Descriptor image = field(spec, "machineImages");
        Descriptor imageVersion = field(image, "versions");
        Descriptor flavor = field(imageVersion, "capabilityFlavors");
        Descriptor machineType = field(spec, "machineTypes");
        Descriptor region = field(spec, "regions");
        Message amd64 = build(values, "items", List.of("amd64"));
        // CapabilityValues is a named slice: {items = 1}; an empty one is an empty message, not no field
        Message none = build(values);
        Message expected = build(
                CLOUD_PROFILE,
                "metadata",
                emptyMeta("aws", ""),
                "spec",
                build(
                        spec,
                        "kubernetes",
                        build(
                                field(spec, "kubernetes"),
                                "versions",
                                List.of(
                                        build(version, "version", "1.33.4"),
                                        build(
                                                version,
                                                "version",
                                                "1.32.8",
                                                "expirationDate",
                                                build(
                                                        TIME,
                                                        "seconds",
                                                        Instant.parse("2026-12-31T23:59:59Z")
                                                                .getEpochSecond(),
                                                        "nanos",
                                                        0),
                                                "classification",
                                                "deprecated"))),
                        "machineImages",
                        List.of(build(
                                image,
                                "name",
                                "gardenlinux",
                                "versions",
                                List.of(build(
                                        imageVersion,
                                        "expirableVersion",
                                        build(version, "version", "1592.1.0"),
                                        "cri",
                                        List.of(build(field(imageVersion, "cri"), "name", "containerd")),
                                        "capabilityFlavors",
                                        List.of(
                                                build(
                                                        flavor,
                                                        "capabilities",
                                                        List.of(entry(flavor, "capabilities", "architecture", amd64))),
                                                build(
                                                        flavor,
                                                        "capabilities",
                                                        List.of(
                                                                entry(
                                                                        flavor,
                                                                        "capabilities",
                                                                        "architecture",
                                                                        build(values, "items", List.of("arm64"))),
                                                                entry(flavor, "capabilities", "gpu", none)))))))),
                        "machineTypes",
                        List.of(build(
                                machineType,
                                "cpu",
                                build(QUANTITY, "string", "2"),
                                "gpu",
                                build(QUANTITY, "string", "0"),
                                "memory",
                                build(QUANTITY, "string", "8Gi"),
                                "name",
                                "m5.large",
                                "usable",
                                true,
                                "capabilities",
                                List.of(entry(machineType, "capabilities", "architecture", amd64)))),
                        "regions",
                        List.of(build(
                                region,
                                "name",
                                "eu-west-1",
                                "zones",
                                List.of(build(field(region, "zones"), "name", "eu-west-1a")),
                                "labels",
                                List.of(entry(region, "labels", "a", "1"), entry(region, "labels", "b", "2")))),
                        "type",
                        "aws",
                        "machineCapabilities",
                        List.of(
                                build(
                                        capability,
                                        "name",
                                        "architecture",
                                        "values",
                                        build(values, "items", List.of("amd64", "arm64"))),
                                build(capability, "name", "gpu", "values", none))),
                "status",
                build(field(CLOUD_PROFILE, "status")));
        assertThat(body).isEqualTo(body("core.gardener.cloud/v1beta1", "CloudProfile", expected));
        assertThat(ProtobufCodec.decode(body, CLOUD_PROFILE_KIND)).isEqualTo(json);
    }

    @Test
    void namedSlicesAndFlavorsReadAsGoReadsThem() throws Exception {
        Descriptor spec = field(CLOUD_PROFILE, "spec");
        Descriptor capability = field(spec, "machineCapabilities");
        Descriptor values = field(capability, "values");
        Descriptor image = field(spec, "machineImages");
        Descriptor imageVersion = field(image, "versions");
        Descriptor version = field(imageVersion, "expirableVersion");
        // a CapabilityDefinition whose values field comes twice: Go unmarshals both into the same slice
        ByteString twice = build(capability, "name", "architecture", "values", build(values, "items", List.of("amd64")))
                .toByteString()
                .concat(build(capability, "values", build(values, "items", List.of("arm64")))
                        .toByteString());
        Message profile = build(
                CLOUD_PROFILE,
                "metadata",
                build(OBJECT_META, "name", "p"),
                "spec",
                build(
                                spec,
                                "kubernetes",
                                build(field(spec, "kubernetes")),
                                "type",
                                "aws",
                                "machineImages",
                                List.of(build(
                                        image,
                                        "name",
                                        "gl",
                                        "versions",
                                        List.of(build(
                                                imageVersion,
                                                "expirableVersion",
                                                build(version, "version", "1.0.0"),
                                                // an empty flavor: Go makes no map, and writes a nil one as null
                                                "capabilityFlavors",
                                                List.of(build(field(imageVersion, "capabilityFlavors"))))))),
                                // no values field: a nil CapabilityValues
                                "machineCapabilities",
                                List.of(build(capability, "name", "gpu")))
                        .toBuilder()
                        .setUnknownFields(UnknownFieldSet.newBuilder()
                                .addField(
                                        12,
                                        UnknownFieldSet.Field.newBuilder()
                                                .addLengthDelimited(twice)
                                                .build())
                                .build())
                        .build());

        JsonNode decoded =
                ProtobufCodec.decode(body("core.gardener.cloud/v1beta1", "CloudProfile", profile), CLOUD_PROFILE_KIND);

        assertThat(decoded).isEqualTo(Json.MAPPER.readTree("""
                {"kind":"CloudProfile","apiVersion":"core.gardener.cloud/v1beta1","metadata":{"name":"p"},
                 "spec":{"kubernetes":{},"type":"aws","machineTypes":null,"regions":null,
                         "machineImages":[{"name":"gl","versions":[{"version":"1.0.0","capabilityFlavors":[null]}]}],
                         "machineCapabilities":[{"name":"gpu","values":null},
                                                {"name":"architecture","values":["amd64","arm64"]}]},
                 "status":{}}"""));
    }

    /** The message type of a message field. */
    private static Descriptor field(Descriptor owner, String name) {
        return owner.findFieldByName(name).getMessageType();
    }

    /** ObjectMeta as Go writes it with only a name and namespace: every non-pointer field, the zero time empty. */
    private static Message emptyMeta(String name, String namespace) {
        return build(
                OBJECT_META,
                "name",
                name,
                "generateName",
                "",
                "namespace",
                namespace,
                "selfLink",
                "",
                "uid",
                "",
                "resourceVersion",
                "",
                "generation",
                0L,
                "creationTimestamp",
                build(TIME));
    }

    /** A RawExtension holding these JSON bytes. */
    private static Message raw(String json) {
        return build(GoProtoDescriptors.RAW_EXTENSION, "raw", ByteString.copyFromUtf8(json));
    }

    /** A message with fields set by name; lists become repeated fields. */
    private static Message build(Descriptor type, Object... namesAndValues) {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            var field = type.findFieldByName((String) namesAndValues[i]);
            if (namesAndValues[i + 1] instanceof List<?> items) {
                items.forEach(item -> b.addRepeatedField(field, item));
            } else {
                b.setField(field, namesAndValues[i + 1]);
            }
        }
        return b.build();
    }

    private static Message entry(Descriptor owner, String field, String key, Object value) {
        Descriptor entry = owner.findFieldByName(field).getMessageType();
        return build(entry, "key", key, "value", value);
    }

    /** The protobuf serializer's body around a message, as the independent encoder writes it. */
    private static byte[] body(String apiVersion, String kind, Message object) {
        Message unknown = DynamicMessage.newBuilder(UNKNOWN)
                .setField(
                        UNKNOWN.findFieldByName("typeMeta"),
                        build(GoProtoDescriptors.TYPE_META, "apiVersion", apiVersion, "kind", kind))
                .setField(UNKNOWN.findFieldByName("raw"), object.toByteString())
                .setField(UNKNOWN.findFieldByName("contentEncoding"), "")
                .setField(UNKNOWN.findFieldByName("contentType"), "")
                .build();
        byte[] bytes = unknown.toByteArray();
        byte[] out = Arrays.copyOf(MAGIC, MAGIC.length + bytes.length);
        System.arraycopy(bytes, 0, out, MAGIC.length, bytes.length);
        return out;
    }
}
