package cloud.gardener.apiserver.endpoints.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.JsonPresence.ALWAYS;
import static cloud.gardener.apiserver.endpoints.protobuf.JsonPresence.IF_PRESENT;
import static cloud.gardener.apiserver.endpoints.protobuf.JsonPresence.OMIT_EMPTY;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.Optional;

/**
 * The messages of k8s.io/apimachinery {@code runtime/generated.proto} and {@code meta/v1/generated.proto} and
 * k8s.io/api {@code core/v1/generated.proto} that this server decodes. Field numbers are the protobuf tags;
 * the order, JSON names and presence follow the Go structs' json tags.
 */
final class KubernetesMessages {

    /** The protobuf form of {@code meta.v1.Time} (and {@code google.protobuf.Timestamp}). */
    static final MessageSpec TIMESTAMP = MessageSpec.of("Timestamp",
            FieldSpec.of(1, "seconds", FieldType.INT64, OMIT_EMPTY),
            FieldSpec.of(2, "nanos", FieldType.INT32, OMIT_EMPTY));

    static final MessageSpec TYPE_META = MessageSpec.of("TypeMeta",
            FieldSpec.of(1, "apiVersion", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(2, "kind", FieldType.STRING, OMIT_EMPTY));

    /** {@code runtime.Unknown}, the envelope after the magic prefix; the object is in {@code raw}. */
    static final MessageSpec UNKNOWN = MessageSpec.of("Unknown",
            FieldSpec.message(1, "typeMeta", TYPE_META, ALWAYS),
            FieldSpec.of(2, "raw", FieldType.BYTES, OMIT_EMPTY),
            FieldSpec.of(3, "contentEncoding", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(4, "contentType", FieldType.STRING, OMIT_EMPTY));

    static final MessageSpec FIELDS_V1 = MessageSpec.of("FieldsV1",
            FieldSpec.of(1, "Raw", FieldType.BYTES, OMIT_EMPTY));

    // OwnerReference's strings carry no omitempty: they are written even when empty.
    static final MessageSpec OWNER_REFERENCE = MessageSpec.of("OwnerReference",
            FieldSpec.of(5, "apiVersion", FieldType.STRING, ALWAYS),
            FieldSpec.of(1, "kind", FieldType.STRING, ALWAYS),
            FieldSpec.of(3, "name", FieldType.STRING, ALWAYS),
            FieldSpec.of(4, "uid", FieldType.STRING, ALWAYS),
            FieldSpec.of(6, "controller", FieldType.BOOL, IF_PRESENT),
            FieldSpec.of(7, "blockOwnerDeletion", FieldType.BOOL, IF_PRESENT));

    static final MessageSpec MANAGED_FIELDS_ENTRY = MessageSpec.of("ManagedFieldsEntry",
            FieldSpec.of(1, "manager", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(2, "operation", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(3, "apiVersion", FieldType.STRING, OMIT_EMPTY),
            time(4, "time", IF_PRESENT),
            FieldSpec.of(6, "fieldsType", FieldType.STRING, OMIT_EMPTY),
            new FieldSpec(7, "fieldsV1", FieldType.RAW_JSON, false, IF_PRESENT, FIELDS_V1),
            FieldSpec.of(8, "subresource", FieldType.STRING, OMIT_EMPTY));

    // creationTimestamp is "omitempty,omitzero" since apimachinery dropped the null creationTimestamp.
    static final MessageSpec OBJECT_META = MessageSpec.of("ObjectMeta",
            FieldSpec.of(1, "name", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(2, "generateName", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(3, "namespace", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(4, "selfLink", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(5, "uid", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(6, "resourceVersion", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(7, "generation", FieldType.INT64, OMIT_EMPTY),
            time(8, "creationTimestamp", OMIT_EMPTY),
            time(9, "deletionTimestamp", IF_PRESENT),
            FieldSpec.of(10, "deletionGracePeriodSeconds", FieldType.INT64, IF_PRESENT),
            FieldSpec.of(11, "labels", FieldType.STRING_MAP, OMIT_EMPTY),
            FieldSpec.of(12, "annotations", FieldType.STRING_MAP, OMIT_EMPTY),
            FieldSpec.repeatedMessage(13, "ownerReferences", OWNER_REFERENCE),
            FieldSpec.repeated(14, "finalizers", FieldType.STRING),
            FieldSpec.repeatedMessage(17, "managedFields", MANAGED_FIELDS_ENTRY));

    static final MessageSpec NAMESPACE_SPEC = MessageSpec.of("NamespaceSpec",
            FieldSpec.repeated(1, "finalizers", FieldType.STRING));

    // lastTransitionTime is a struct with plain omitempty, so a zero one is written as null.
    static final MessageSpec NAMESPACE_CONDITION = MessageSpec.of("NamespaceCondition",
            FieldSpec.of(1, "type", FieldType.STRING, ALWAYS),
            FieldSpec.of(2, "status", FieldType.STRING, ALWAYS),
            time(4, "lastTransitionTime", ALWAYS),
            FieldSpec.of(5, "reason", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(6, "message", FieldType.STRING, OMIT_EMPTY));

    static final MessageSpec NAMESPACE_STATUS = MessageSpec.of("NamespaceStatus",
            FieldSpec.of(1, "phase", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.repeatedMessage(2, "conditions", NAMESPACE_CONDITION));

    // metadata, spec and status are structs: omitempty never drops them, so they are written ({} when empty).
    static final MessageSpec NAMESPACE = MessageSpec.of("Namespace",
            FieldSpec.message(1, "metadata", OBJECT_META, ALWAYS),
            FieldSpec.message(2, "spec", NAMESPACE_SPEC, ALWAYS),
            FieldSpec.message(3, "status", NAMESPACE_STATUS, ALWAYS));

    static final MessageSpec SECRET = MessageSpec.of("Secret",
            FieldSpec.message(1, "metadata", OBJECT_META, ALWAYS),
            FieldSpec.of(5, "immutable", FieldType.BOOL, IF_PRESENT),
            FieldSpec.of(2, "data", FieldType.BYTES_MAP, OMIT_EMPTY),
            FieldSpec.of(4, "stringData", FieldType.STRING_MAP, OMIT_EMPTY),
            FieldSpec.of(3, "type", FieldType.STRING, OMIT_EMPTY));

    static final MessageSpec CONFIG_MAP = MessageSpec.of("ConfigMap",
            FieldSpec.message(1, "metadata", OBJECT_META, ALWAYS),
            FieldSpec.of(4, "immutable", FieldType.BOOL, IF_PRESENT),
            FieldSpec.of(2, "data", FieldType.STRING_MAP, OMIT_EMPTY),
            FieldSpec.of(3, "binaryData", FieldType.BYTES_MAP, OMIT_EMPTY));

    static final MessageSpec PRECONDITIONS = MessageSpec.of("Preconditions",
            FieldSpec.of(1, "uid", FieldType.STRING, IF_PRESENT),
            FieldSpec.of(2, "resourceVersion", FieldType.STRING, IF_PRESENT));

    static final MessageSpec DELETE_OPTIONS = MessageSpec.of("DeleteOptions",
            FieldSpec.of(1, "gracePeriodSeconds", FieldType.INT64, IF_PRESENT),
            FieldSpec.message(2, "preconditions", PRECONDITIONS, IF_PRESENT),
            FieldSpec.of(3, "orphanDependents", FieldType.BOOL, IF_PRESENT),
            FieldSpec.of(4, "propagationPolicy", FieldType.STRING, IF_PRESENT),
            FieldSpec.repeated(5, "dryRun", FieldType.STRING),
            FieldSpec.of(6, "ignoreStoreReadErrorWithClusterBreakingPotential", FieldType.BOOL, IF_PRESENT));

    private KubernetesMessages() {
    }

    /**
     * The message a body for this kind decodes as: the core/v1 kinds in the core group's v1 only; DeleteOptions in
     * any group version, as it is registered in each.
     */
    static Optional<MessageSpec> forKind(GroupVersionKind gvk) {
        if (gvk.kind().equals("DeleteOptions")) {
            return Optional.of(DELETE_OPTIONS);
        }
        if (!gvk.group().isEmpty()) {
            return ReviewMessages.forKind(gvk);
        }
        if (!gvk.version().equals("v1")) {
            return Optional.empty();
        }
        return switch (gvk.kind()) {
            case "Namespace" -> Optional.of(NAMESPACE);
            case "Secret" -> Optional.of(SECRET);
            case "ConfigMap" -> Optional.of(CONFIG_MAP);
            default -> Optional.empty();
        };
    }

    private static FieldSpec time(int number, String jsonName, JsonPresence presence) {
        return new FieldSpec(number, jsonName, FieldType.TIME, false, presence, TIMESTAMP);
    }
}
