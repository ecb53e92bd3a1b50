package cloud.gardener.apiserver.endpoints.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;

/**
 * Descriptors for a few messages of the published {@code generated.proto} files (k8s.io/apimachinery runtime and
 * meta/v1, k8s.io/api core/v1, gardener core/v1beta1), written out here as proto2 so that protobuf-java's
 * {@code DynamicMessage} can stand in for an independent encoder and decoder. Only the fields the tests use: those
 * they set, and every field Go writes even when empty (non-pointer scalars and structs), which a byte-for-byte
 * comparison needs.
 */
final class GoProtoDescriptors {

    static final Descriptor TYPE_META;
    static final Descriptor UNKNOWN;
    static final Descriptor RAW_EXTENSION;
    static final Descriptor WATCH_EVENT;
    static final Descriptor TIME;
    static final Descriptor OBJECT_META;
    static final Descriptor CONFIG_MAP;
    static final Descriptor EXPOSURE_CLASS;
    static final Descriptor QUANTITY;
    static final Descriptor DURATION;
    static final Descriptor INT_OR_STRING;
    static final Descriptor SHOOT;
    static final Descriptor CLOUD_PROFILE;

    static {
        FileDescriptorProto file = FileDescriptorProto.newBuilder()
                .setName("k8s_subset.proto")
                .setPackage("k8s")
                .setSyntax("proto2")
                .addMessageType(message("TypeMeta", string("apiVersion", 1), string("kind", 2)))
                .addMessageType(message(
                        "Unknown",
                        msg("typeMeta", 1, "TypeMeta"),
                        bytes("raw", 2),
                        string("contentEncoding", 3),
                        string("contentType", 4)))
                .addMessageType(message("RawExtension", bytes("raw", 1)))
                .addMessageType(message("WatchEvent", string("type", 1), msg("object", 2, "RawExtension")))
                .addMessageType(
                        message("Time", scalar("seconds", 1, Type.TYPE_INT64), scalar("nanos", 2, Type.TYPE_INT32)))
                .addMessageType(message(
                                "ObjectMeta",
                                string("name", 1),
                                string("generateName", 2),
                                string("namespace", 3),
                                string("selfLink", 4),
                                string("uid", 5),
                                string("resourceVersion", 6),
                                scalar("generation", 7, Type.TYPE_INT64),
                                msg("creationTimestamp", 8, "Time"),
                                msg("deletionTimestamp", 9, "Time"),
                                scalar("deletionGracePeriodSeconds", 10, Type.TYPE_INT64),
                                map("labels", 11, "ObjectMeta"),
                                map("annotations", 12, "ObjectMeta"),
                                repeated(string("finalizers", 14)))
                        .addNestedType(entry("Labels", Type.TYPE_STRING))
                        .addNestedType(entry("Annotations", Type.TYPE_STRING)))
                .addMessageType(message(
                                "ConfigMap",
                                msg("metadata", 1, "ObjectMeta"),
                                map("data", 2, "ConfigMap"),
                                map("binaryData", 3, "ConfigMap"),
                                scalar("immutable", 4, Type.TYPE_BOOL))
                        .addNestedType(entry("Data", Type.TYPE_STRING))
                        .addNestedType(entry("BinaryData", Type.TYPE_BYTES)))
                .addMessageType(message(
                        "LabelSelectorRequirement",
                        string("key", 1),
                        string("operator", 2),
                        repeated(string("values", 3))))
                .addMessageType(message(
                                "LabelSelector",
                                map("matchLabels", 1, "LabelSelector"),
                                repeated(msg("matchExpressions", 2, "LabelSelectorRequirement")))
                        .addNestedType(entry("MatchLabels", Type.TYPE_STRING)))
                .addMessageType(message(
                        "SeedSelector", msg("labelSelector", 1, "LabelSelector"), repeated(string("providerTypes", 2))))
                .addMessageType(message("Toleration", string("key", 1), string("value", 2)))
                .addMessageType(message(
                        "ExposureClassScheduling",
                        msg("seedSelector", 1, "SeedSelector"),
                        repeated(msg("tolerations", 2, "Toleration"))))
                .addMessageType(message(
                        "ExposureClass",
                        msg("metadata", 1, "ObjectMeta"),
                        string("handler", 2),
                        msg("scheduling", 3, "ExposureClassScheduling")))
                // apimachinery's value messages
                .addMessageType(message("Quantity", string("string", 1)))
                .addMessageType(message("Duration", scalar("duration", 1, Type.TYPE_INT64)))
                .addMessageType(message(
                        "IntOrString",
                        scalar("type", 1, Type.TYPE_INT64),
                        scalar("intVal", 2, Type.TYPE_INT32),
                        string("strVal", 3)))
                // gardener core/v1beta1: a Shoot (every field Go writes always, and the pointers the test sets)
                .addMessageType(message(
                        "Shoot",
                        msg("metadata", 1, "ObjectMeta"),
                        msg("spec", 2, "ShootSpec"),
                        msg("status", 3, "ShootStatus")))
                .addMessageType(message(
                        "ShootSpec",
                        string("cloudProfileName", 2),
                        msg("kubernetes", 6, "Kubernetes"),
                        msg("provider", 10, "Provider"),
                        string("region", 12),
                        string("credentialsBindingName", 23)))
                .addMessageType(message("Kubernetes", msg("kubelet", 7, "KubeletConfig"), string("version", 8)))
                .addMessageType(message("KubernetesConfig", map("featureGates", 1, "KubernetesConfig"))
                        .addNestedType(entry("FeatureGates", Type.TYPE_BOOL)))
                .addMessageType(message(
                        "KubeletConfig",
                        msg("kubernetesConfig", 1, "KubernetesConfig"),
                        msg("kubeReserved", 14, "KubeletConfigReserved"),
                        msg("imageMinimumGCAge", 28, "Duration")))
                .addMessageType(
                        message("KubeletConfigReserved", msg("cpu", 1, "Quantity"), msg("memory", 2, "Quantity")))
                .addMessageType(message(
                        "Provider",
                        string("type", 1),
                        msg("infrastructureConfig", 3, "RawExtension"),
                        repeated(msg("workers", 4, "Worker"))))
                .addMessageType(message(
                                "Worker",
                                map("labels", 5, "Worker"),
                                string("name", 6),
                                msg("machine", 7, "Machine"),
                                scalar("maximum", 8, Type.TYPE_INT32),
                                scalar("minimum", 9, Type.TYPE_INT32),
                                msg("maxSurge", 10, "IntOrString"),
                                msg("maxUnavailable", 11, "IntOrString"),
                                msg("providerConfig", 12, "RawExtension"),
                                msg("volume", 14, "Volume"),
                                repeated(string("zones", 17)))
                        .addNestedType(entry("Labels", Type.TYPE_STRING)))
                .addMessageType(message("Machine", string("type", 1), msg("image", 2, "ShootMachineImage")))
                .addMessageType(message("ShootMachineImage", string("name", 1), string("version", 3)))
                .addMessageType(message("Volume", string("type", 2), string("size", 3)))
                .addMessageType(message(
                        "ShootStatus",
                        msg("gardener", 3, "Gardener"),
                        scalar("hibernated", 4, Type.TYPE_BOOL),
                        scalar("observedGeneration", 7, Type.TYPE_INT64),
                        string("technicalID", 10),
                        string("uid", 11)))
                .addMessageType(message("Gardener", string("id", 1), string("name", 2), string("version", 3)))
                // gardener core/v1beta1: a CloudProfile with capabilities (named slices, MachineImageFlavor)
                .addMessageType(message(
                        "CloudProfile",
                        msg("metadata", 1, "ObjectMeta"),
                        msg("spec", 2, "CloudProfileSpec"),
                        msg("status", 3, "CloudProfileStatus")))
                .addMessageType(message("CloudProfileStatus"))
                .addMessageType(message(
                        "CloudProfileSpec",
                        msg("kubernetes", 2, "KubernetesSettings"),
                        repeated(msg("machineImages", 3, "MachineImage")),
                        repeated(msg("machineTypes", 4, "MachineType")),
                        repeated(msg("regions", 6, "Region")),
                        string("type", 8),
                        repeated(msg("machineCapabilities", 12, "CapabilityDefinition"))))
                .addMessageType(message("KubernetesSettings", repeated(msg("versions", 1, "ExpirableVersion"))))
                .addMessageType(message(
                        "ExpirableVersion",
                        string("version", 1),
                        msg("expirationDate", 2, "Time"),
                        string("classification", 3)))
                .addMessageType(message("CapabilityValues", repeated(string("items", 1))))
                .addMessageType(
                        message("CapabilityDefinition", string("name", 1), msg("values", 2, "CapabilityValues")))
                .addMessageType(
                        message("MachineImage", string("name", 1), repeated(msg("versions", 2, "MachineImageVersion"))))
                .addMessageType(message(
                        "MachineImageVersion",
                        msg("expirableVersion", 1, "ExpirableVersion"),
                        repeated(msg("cri", 2, "CRI")),
                        repeated(msg("capabilityFlavors", 6, "MachineImageFlavor"))))
                .addMessageType(message("CRI", string("name", 1)))
                .addMessageType(message("MachineImageFlavor", map("capabilities", 1, "MachineImageFlavor"))
                        .addNestedType(entry("Capabilities", "CapabilityValues")))
                .addMessageType(message(
                                "MachineType",
                                msg("cpu", 1, "Quantity"),
                                msg("gpu", 2, "Quantity"),
                                msg("memory", 3, "Quantity"),
                                string("name", 4),
                                scalar("usable", 6, Type.TYPE_BOOL),
                                map("capabilities", 8, "MachineType"))
                        .addNestedType(entry("Capabilities", "CapabilityValues")))
                .addMessageType(message(
                                "Region",
                                string("name", 1),
                                repeated(msg("zones", 2, "AvailabilityZone")),
                                map("labels", 3, "Region"))
                        .addNestedType(entry("Labels", Type.TYPE_STRING)))
                .addMessageType(message("AvailabilityZone", string("name", 1)))
                .build();
        try {
            FileDescriptor fd = FileDescriptor.buildFrom(file, new FileDescriptor[0]);
            TYPE_META = fd.findMessageTypeByName("TypeMeta");
            UNKNOWN = fd.findMessageTypeByName("Unknown");
            RAW_EXTENSION = fd.findMessageTypeByName("RawExtension");
            WATCH_EVENT = fd.findMessageTypeByName("WatchEvent");
            TIME = fd.findMessageTypeByName("Time");
            OBJECT_META = fd.findMessageTypeByName("ObjectMeta");
            CONFIG_MAP = fd.findMessageTypeByName("ConfigMap");
            EXPOSURE_CLASS = fd.findMessageTypeByName("ExposureClass");
            QUANTITY = fd.findMessageTypeByName("Quantity");
            DURATION = fd.findMessageTypeByName("Duration");
            INT_OR_STRING = fd.findMessageTypeByName("IntOrString");
            SHOOT = fd.findMessageTypeByName("Shoot");
            CLOUD_PROFILE = fd.findMessageTypeByName("CloudProfile");
        } catch (DescriptorValidationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private GoProtoDescriptors() {}

    private static DescriptorProto.Builder message(String name, FieldDescriptorProto.Builder... fields) {
        DescriptorProto.Builder b = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto.Builder f : fields) {
            b.addField(f);
        }
        return b;
    }

    private static FieldDescriptorProto.Builder scalar(String name, int number, Type type) {
        return FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setType(type)
                .setLabel(Label.LABEL_OPTIONAL);
    }

    private static FieldDescriptorProto.Builder string(String name, int number) {
        return scalar(name, number, Type.TYPE_STRING);
    }

    private static FieldDescriptorProto.Builder bytes(String name, int number) {
        return scalar(name, number, Type.TYPE_BYTES);
    }

    private static FieldDescriptorProto.Builder msg(String name, int number, String type) {
        return scalar(name, number, Type.TYPE_MESSAGE).setTypeName(".k8s." + type);
    }

    private static FieldDescriptorProto.Builder repeated(FieldDescriptorProto.Builder f) {
        return f.setLabel(Label.LABEL_REPEATED);
    }

    /** A {@code map<string, V>} field: repeated entries of the nested {@code <Name>Entry} message. */
    private static FieldDescriptorProto.Builder map(String name, int number, String owner) {
        String entry = Character.toUpperCase(name.charAt(0)) + name.substring(1) + "Entry";
        return repeated(msg(name, number, owner + "." + entry));
    }

    /** The entry of a map whose values are messages, e.g. {@code map<string, CapabilityValues>}. */
    private static DescriptorProto.Builder entry(String name, String valueMessage) {
        return message(name + "Entry", string("key", 1), msg("value", 2, valueMessage))
                .setOptions(MessageOptions.newBuilder().setMapEntry(true));
    }

    private static DescriptorProto.Builder entry(String name, Type valueType) {
        return message(name + "Entry", string("key", 1), scalar("value", 2, valueType))
                .setOptions(MessageOptions.newBuilder().setMapEntry(true));
    }
}
