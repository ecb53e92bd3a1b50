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
 * {@code DynamicMessage} can stand in for an independent encoder and decoder. Only the fields the tests use.
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

    static {
        FileDescriptorProto file = FileDescriptorProto.newBuilder()
                .setName("k8s_subset.proto").setPackage("k8s").setSyntax("proto2")
                .addMessageType(message("TypeMeta", string("apiVersion", 1), string("kind", 2)))
                .addMessageType(message("Unknown", msg("typeMeta", 1, "TypeMeta"), bytes("raw", 2),
                        string("contentEncoding", 3), string("contentType", 4)))
                .addMessageType(message("RawExtension", bytes("raw", 1)))
                .addMessageType(message("WatchEvent", string("type", 1), msg("object", 2, "RawExtension")))
                .addMessageType(message("Time", scalar("seconds", 1, Type.TYPE_INT64), scalar("nanos", 2, Type.TYPE_INT32)))
                .addMessageType(message("ObjectMeta", string("name", 1), string("generateName", 2),
                        string("namespace", 3), string("selfLink", 4), string("uid", 5), string("resourceVersion", 6),
                        scalar("generation", 7, Type.TYPE_INT64), msg("creationTimestamp", 8, "Time"),
                        msg("deletionTimestamp", 9, "Time"), scalar("deletionGracePeriodSeconds", 10, Type.TYPE_INT64),
                        map("labels", 11, "ObjectMeta"), map("annotations", 12, "ObjectMeta"),
                        repeated(string("finalizers", 14)))
                        .addNestedType(entry("Labels", Type.TYPE_STRING))
                        .addNestedType(entry("Annotations", Type.TYPE_STRING)))
                .addMessageType(message("ConfigMap", msg("metadata", 1, "ObjectMeta"),
                        map("data", 2, "ConfigMap"), map("binaryData", 3, "ConfigMap"),
                        scalar("immutable", 4, Type.TYPE_BOOL))
                        .addNestedType(entry("Data", Type.TYPE_STRING))
                        .addNestedType(entry("BinaryData", Type.TYPE_BYTES)))
                .addMessageType(message("LabelSelectorRequirement", string("key", 1), string("operator", 2),
                        repeated(string("values", 3))))
                .addMessageType(message("LabelSelector", map("matchLabels", 1, "LabelSelector"),
                        repeated(msg("matchExpressions", 2, "LabelSelectorRequirement")))
                        .addNestedType(entry("MatchLabels", Type.TYPE_STRING)))
                .addMessageType(message("SeedSelector", msg("labelSelector", 1, "LabelSelector"),
                        repeated(string("providerTypes", 2))))
                .addMessageType(message("Toleration", string("key", 1), string("value", 2)))
                .addMessageType(message("ExposureClassScheduling", msg("seedSelector", 1, "SeedSelector"),
                        repeated(msg("tolerations", 2, "Toleration"))))
                .addMessageType(message("ExposureClass", msg("metadata", 1, "ObjectMeta"), string("handler", 2),
                        msg("scheduling", 3, "ExposureClassScheduling")))
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
        } catch (DescriptorValidationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private GoProtoDescriptors() {
    }

    private static DescriptorProto.Builder message(String name, FieldDescriptorProto.Builder... fields) {
        DescriptorProto.Builder b = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto.Builder f : fields) {
            b.addField(f);
        }
        return b;
    }

    private static FieldDescriptorProto.Builder scalar(String name, int number, Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
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

    private static DescriptorProto.Builder entry(String name, Type valueType) {
        return message(name + "Entry", string("key", 1), scalar("value", 2, valueType))
                .setOptions(MessageOptions.newBuilder().setMapEntry(true));
    }
}
