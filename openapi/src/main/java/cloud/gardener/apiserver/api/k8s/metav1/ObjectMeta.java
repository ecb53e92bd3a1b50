package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.OmitZero;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;
import java.util.Map;

@Doc("ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.")
public record ObjectMeta(
        @Doc("Name must be unique within a namespace. Is required when creating resources, although some resources may "
                + "allow a client to request the generation of an appropriate name automatically.") @OmitEmpty
        @ProtoTag(1) String name,
        @Doc("GenerateName is an optional prefix, used by the server, to generate a unique name ONLY IF the Name field "
                + "has not been provided.") @OmitEmpty @ProtoTag(2) String generateName,
        @Doc("Namespace defines the space within which each name must be unique.") @OmitEmpty @ProtoTag(3) String namespace,
        @Doc("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system.") @OmitEmpty
        @ProtoTag(4) String selfLink,
        @Doc("UID is the unique in time and space value for this object. Populated by the system. Read-only.") @OmitEmpty
        @ProtoTag(5) String uid,
        @Doc("An opaque value that represents the internal version of this object that can be used by clients to "
                + "determine when objects have changed.") @OmitEmpty @ProtoTag(6) String resourceVersion,
        @Doc("A sequence number representing a specific generation of the desired state. Populated by the system. "
                + "Read-only.") @OmitEmpty @ProtoTag(7) long generation,
        @Doc("CreationTimestamp is a timestamp representing the server time when this object was created. Populated "
                + "by the system. Read-only. Null for lists.") @OmitEmpty @OmitZero @ProtoTag(8) Time creationTimestamp,
        @Doc("DeletionTimestamp is RFC 3339 date and time at which this resource will be deleted. Set by the server "
                + "when a graceful deletion is requested by the user. Read-only.") @OmitEmpty
        @Ptr @ProtoTag(9) Time deletionTimestamp,
        @Doc("Number of seconds allowed for this object to gracefully terminate before it will be removed from the "
                + "system. Only set when deletionTimestamp is also set. Read-only.") @OmitEmpty
        @ProtoTag(10) Long deletionGracePeriodSeconds,
        @Doc("Map of string keys and values that can be used to organize and categorize (scope and select) objects.")
        @OmitEmpty @ProtoTag(11) Map<String, String> labels,
        @Doc("Annotations is an unstructured key value map stored with a resource that may be set by external tools "
                + "to store and retrieve arbitrary metadata.") @OmitEmpty @ProtoTag(12) Map<String, String> annotations,
        @Doc("List of objects depended by this object. If ALL objects in the list have been deleted, this object will "
                + "be garbage collected.") @OmitEmpty @Patch(key = "uid") @ListType(value = "map", keys = "uid")
        @ProtoTag(13) List<OwnerReference> ownerReferences,
        @Doc("Must be empty before the object is deleted from the registry. Each entry is an identifier for the "
                + "responsible component that will remove the entry from the list.") @OmitEmpty
        @Patch(strategy = "merge") @ListType("set") @ProtoTag(14) List<String> finalizers,
        @Doc("ManagedFields maps workflow-id and version to the set of fields that are managed by that workflow.")
        @OmitEmpty @ListType("atomic") @ProtoTag(17) List<ManagedFieldsEntry> managedFields) {
}
