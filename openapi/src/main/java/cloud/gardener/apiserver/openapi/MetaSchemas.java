package cloud.gardener.apiserver.openapi;

import static cloud.gardener.apiserver.openapi.Schemas.array;
import static cloud.gardener.apiserver.openapi.Schemas.bool;
import static cloud.gardener.apiserver.openapi.Schemas.integer;
import static cloud.gardener.apiserver.openapi.Schemas.map;
import static cloud.gardener.apiserver.openapi.Schemas.object;
import static cloud.gardener.apiserver.openapi.Schemas.ref;
import static cloud.gardener.apiserver.openapi.Schemas.required;
import static cloud.gardener.apiserver.openapi.Schemas.string;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code meta/v1} (and {@code runtime}) schemas every resource document references. */
final class MetaSchemas {

    static final String API_VERSION_DOC =
            "APIVersion defines the versioned schema of this representation of an object. "
                    + "Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values.";
    static final String KIND_DOC = "Kind is a string value representing the REST resource this object represents. "
            + "Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase.";

    private MetaSchemas() {}

    /**
     * Adds the meta schemas to {@code schemas}. {@code DeleteOptions} and {@code WatchEvent} name every
     * served group-version in their kind list, as Kubernetes registers them in each group.
     */
    static void addTo(Map<String, ObjectNode> schemas, SchemaDialect d, List<GroupVersion> servedGroupVersions) {
        String time = SchemaNames.meta("Time");
        ObjectNode timeSchema = string("Time is a wrapper around time.Time which supports correct marshaling to YAML "
                + "and JSON. Wrappers are provided for many of the factory methods that the time package offers.");
        timeSchema.put("format", "date-time");
        schemas.put(time, timeSchema);

        ObjectNode labels = map(
                string(null),
                "Map of string keys and values that can be used to organize and "
                        + "categorize (scope and select) objects.");
        ObjectNode annotations = map(
                string(null),
                "Annotations is an unstructured key value map stored with a "
                        + "resource that may be set by external tools to store and retrieve arbitrary metadata.");
        ObjectNode finalizers = array(
                string(null),
                "set",
                "Must be empty before the object is deleted from the "
                        + "registry. Each entry is an identifier for the responsible component that will remove the entry from the list.");
        finalizers.put("x-kubernetes-patch-strategy", "merge");
        ObjectNode owners = array(
                d.ref(SchemaNames.meta("OwnerReference")),
                "map",
                "List of objects depended by this "
                        + "object. If ALL objects in the list have been deleted, this object will be garbage collected.");
        owners.putArray("x-kubernetes-list-map-keys").add("uid");
        owners.put("x-kubernetes-patch-merge-key", "uid");
        owners.put("x-kubernetes-patch-strategy", "merge");

        ObjectNode objectMeta = object("ObjectMeta is metadata that all persisted resources must have, which includes "
                + "all objects users must create.");
        ObjectNode p = objectMeta.putObject("properties");
        p.set("annotations", annotations);
        p.set(
                "creationTimestamp",
                ref(
                        d,
                        time,
                        "CreationTimestamp is a timestamp representing the server time when "
                                + "this object was created. Populated by the system. Read-only."));
        p.set(
                "deletionGracePeriodSeconds",
                integer(
                        "int64",
                        "Number of seconds allowed for this object to gracefully "
                                + "terminate before it will be removed from the system. Only set when deletionTimestamp is also set."));
        p.set(
                "deletionTimestamp",
                ref(
                        d,
                        time,
                        "DeletionTimestamp is RFC 3339 date and time at which this resource "
                                + "will be deleted. Populated by the system when a graceful deletion is requested. Read-only."));
        p.set("finalizers", finalizers);
        p.set(
                "generateName",
                string("GenerateName is an optional prefix, used by the server, to generate a unique "
                        + "name ONLY IF the Name field has not been provided."));
        p.set(
                "generation",
                integer(
                        "int64",
                        "A sequence number representing a specific generation of the desired "
                                + "state. Populated by the system. Read-only."));
        p.set("labels", labels);
        p.set(
                "managedFields",
                array(
                        d.ref(SchemaNames.meta("ManagedFieldsEntry")),
                        "atomic",
                        "ManagedFields maps "
                                + "workflow-id and version to the set of fields that are managed by that workflow."));
        p.set("name", string("Name must be unique within a namespace. Cannot be updated."));
        p.set(
                "namespace",
                string("Namespace defines the space within which each name must be unique. Cannot be updated."));
        p.set("ownerReferences", owners);
        p.set(
                "resourceVersion",
                string("An opaque value that represents the internal version of this object. "
                        + "Populated by the system. Read-only."));
        p.set(
                "selfLink",
                string("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system."));
        p.set(
                "uid",
                string(
                        "UID is the unique in time and space value for this object. Populated by the system. Read-only."));
        schemas.put(SchemaNames.meta("ObjectMeta"), objectMeta);

        ObjectNode listMeta =
                object("ListMeta describes metadata that synthetic resources must have, including lists.");
        p = listMeta.putObject("properties");
        p.set("continue", string("continue may be set if the user set a limit on the number of items returned."));
        p.set(
                "remainingItemCount",
                integer(
                        "int64",
                        "The number of subsequent items in the list which are not included "
                                + "in this list response."));
        p.set("resourceVersion", string("String that identifies the server's internal version of this object."));
        p.set(
                "selfLink",
                string("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system."));
        schemas.put(SchemaNames.meta("ListMeta"), listMeta);

        ObjectNode owner = object("OwnerReference contains enough information to let you identify an owning object.");
        p = owner.putObject("properties");
        p.set("apiVersion", string("API version of the referent."));
        p.set(
                "blockOwnerDeletion",
                bool("If true, AND if the owner has the \"foregroundDeletion\" finalizer, then the "
                        + "owner cannot be deleted from the key-value store until this reference is removed."));
        p.set("controller", bool("If true, this reference points to the managing controller."));
        p.set("kind", string("Kind of the referent."));
        p.set("name", string("Name of the referent."));
        p.set("uid", string("UID of the referent."));
        required(owner, "apiVersion", "kind", "name", "uid");
        owner.put("x-kubernetes-map-type", "atomic");
        schemas.put(SchemaNames.meta("OwnerReference"), owner);

        ObjectNode managed = object("ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the "
                + "resource that the fieldset applies to.");
        p = managed.putObject("properties");
        p.set("apiVersion", string("APIVersion defines the version of this resource that this field set applies to."));
        p.set(
                "fieldsType",
                string("FieldsType is the discriminator for the different fields format and version. "
                        + "There is currently only one possible value: \"FieldsV1\""));
        p.set("fieldsV1", ref(d, SchemaNames.meta("FieldsV1"), "FieldsV1 holds the first JSON version format."));
        p.set("manager", string("Manager is an identifier of the workflow managing these fields."));
        p.set(
                "operation",
                string("Operation is the type of operation which lead to this ManagedFieldsEntry being "
                        + "created. The only valid values for this field are 'Apply' and 'Update'."));
        p.set("subresource", string("Subresource is the name of the subresource used to update that object."));
        p.set("time", ref(d, time, "Time is the timestamp of when the ManagedFields entry was added."));
        schemas.put(SchemaNames.meta("ManagedFieldsEntry"), managed);

        schemas.put(
                SchemaNames.meta("FieldsV1"),
                object("FieldsV1 stores a set of fields in a data structure like a Trie, " + "in JSON format."));

        ObjectNode status = object("Status is a return value for calls that don't return other objects.");
        p = status.putObject("properties");
        p.set("apiVersion", string(API_VERSION_DOC));
        p.set("code", integer("int32", "Suggested HTTP return code for this status, 0 if not set."));
        p.set("details", ref(d, SchemaNames.meta("StatusDetails"), "Extended data associated with the reason."));
        p.set("kind", string(KIND_DOC));
        p.set("message", string("A human-readable description of the status of this operation."));
        p.set("metadata", ref(d, SchemaNames.meta("ListMeta"), "Standard list metadata."));
        p.set("reason", string("A machine-readable description of why this operation is in the \"Failure\" status."));
        p.set("status", string("Status of the operation. One of: \"Success\" or \"Failure\"."));
        status.set(
                "x-kubernetes-group-version-kind", Schemas.gvkArray(List.of(new GroupVersionKind("", "v1", "Status"))));
        schemas.put(SchemaNames.meta("Status"), status);

        ObjectNode details = object("StatusDetails is a set of additional properties that MAY be set by the server to "
                + "provide additional information about a response.");
        p = details.putObject("properties");
        p.set(
                "causes",
                array(
                        d.ref(SchemaNames.meta("StatusCause")),
                        "atomic",
                        "The Causes array includes more details " + "associated with the StatusReason failure."));
        p.set("group", string("The group attribute of the resource associated with the status StatusReason."));
        p.set("kind", string("The kind attribute of the resource associated with the status StatusReason."));
        p.set("name", string("The name attribute of the resource associated with the status StatusReason."));
        p.set(
                "retryAfterSeconds",
                integer("int32", "If specified, the time in seconds before the operation should be retried."));
        p.set("uid", string("UID of the resource."));
        schemas.put(SchemaNames.meta("StatusDetails"), details);

        ObjectNode cause = object("StatusCause provides more information about an api.Status failure, including cases "
                + "when multiple errors are encountered.");
        p = cause.putObject("properties");
        p.set(
                "field",
                string("The field of the resource that has caused this error, as named by its JSON serialization."));
        p.set("message", string("A human-readable description of the cause of the error."));
        p.set("reason", string("A machine-readable description of the cause of the error."));
        schemas.put(SchemaNames.meta("StatusCause"), cause);

        ObjectNode deleteOptions = object("DeleteOptions may be provided when deleting an API object.");
        p = deleteOptions.putObject("properties");
        p.set("apiVersion", string(API_VERSION_DOC));
        p.set(
                "dryRun",
                array(string(null), "atomic", "When present, indicates that modifications should not be persisted."));
        p.set("gracePeriodSeconds", integer("int64", "The duration in seconds before the object should be deleted."));
        p.set(
                "ignoreStoreReadErrorWithClusterBreakingPotential",
                bool(
                        "if set to true, it will trigger an unsafe "
                                + "deletion of the resource in case the normal deletion flow fails with a corrupt object error."));
        p.set("kind", string(KIND_DOC));
        p.set("orphanDependents", bool("Deprecated: please use the PropagationPolicy."));
        p.set(
                "preconditions",
                ref(d, SchemaNames.meta("Preconditions"), "Must be fulfilled before a deletion is carried out."));
        p.set(
                "propagationPolicy",
                string("Whether and how garbage collection will be performed. Acceptable values are: "
                        + "'Orphan', 'Background', 'Foreground'."));
        deleteOptions.set(
                "x-kubernetes-group-version-kind",
                Schemas.gvkArray(perGroupVersion("DeleteOptions", servedGroupVersions)));
        schemas.put(SchemaNames.meta("DeleteOptions"), deleteOptions);

        ObjectNode preconditions =
                object("Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out.");
        p = preconditions.putObject("properties");
        p.set("resourceVersion", string("Specifies the target ResourceVersion"));
        p.set("uid", string("Specifies the target UID."));
        schemas.put(SchemaNames.meta("Preconditions"), preconditions);

        ObjectNode watchEvent = object("Event represents a single event to a watched resource.");
        p = watchEvent.putObject("properties");
        p.set(
                "object",
                ref(
                        d,
                        SchemaNames.RAW_EXTENSION,
                        "Object is: * If Type is Added or Modified: the new state of "
                                + "the object. * If Type is Deleted: the state of the object immediately before deletion. * If Type is "
                                + "Error: *Status is recommended; other types may make sense depending on context."));
        p.set("type", string(null));
        required(watchEvent, "type", "object");
        watchEvent.set(
                "x-kubernetes-group-version-kind",
                Schemas.gvkArray(perGroupVersion("WatchEvent", servedGroupVersions)));
        schemas.put(SchemaNames.meta("WatchEvent"), watchEvent);

        schemas.put(SchemaNames.RAW_EXTENSION, object("RawExtension is used to hold extensions in external versions."));
        schemas.put(
                SchemaNames.meta("Patch"),
                object("Patch is provided to give a concrete name and type to the "
                        + "Kubernetes PATCH request body."));
    }

    /** The kind in the core v1 group (where meta types live) and in every served group-version. */
    private static List<GroupVersionKind> perGroupVersion(String kind, List<GroupVersion> served) {
        List<GroupVersionKind> gvks = new ArrayList<>();
        gvks.add(new GroupVersionKind("", "v1", kind));
        for (GroupVersion gv : served) {
            if (!gv.group().isEmpty()) {
                gvks.add(new GroupVersionKind(gv.group(), gv.version(), kind));
            }
        }
        return gvks;
    }
}
