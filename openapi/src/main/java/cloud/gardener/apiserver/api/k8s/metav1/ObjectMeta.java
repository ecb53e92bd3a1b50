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
                + "allow a client to request the generation of an appropriate name automatically.")
        @ProtoTag(1)
        @OmitEmpty
        String name,

        @Doc("GenerateName is an optional prefix, used by the server, to generate a unique name ONLY IF the Name field "
                + "has not been provided.")
        @ProtoTag(2)
        @OmitEmpty
        String generateName,

        @Doc("Namespace defines the space within which each name must be unique.") @ProtoTag(3) @OmitEmpty
        String namespace,

        @Doc("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system.")
        @ProtoTag(4)
        @OmitEmpty
        String selfLink,

        @Doc("UID is the unique in time and space value for this object. Populated by the system. Read-only.")
        @ProtoTag(5)
        @OmitEmpty
        String uid,

        @Doc("An opaque value that represents the internal version of this object that can be used by clients to "
                + "determine when objects have changed.")
        @ProtoTag(6)
        @OmitEmpty
        String resourceVersion,

        @Doc("A sequence number representing a specific generation of the desired state. Populated by the system. "
                + "Read-only.")
        @ProtoTag(7)
        @OmitEmpty
        long generation,

        @Doc("CreationTimestamp is a timestamp representing the server time when this object was created. Populated "
                + "by the system. Read-only. Null for lists.")
        @ProtoTag(8)
        @OmitEmpty
        @OmitZero
        Time creationTimestamp,

        @Doc("DeletionTimestamp is RFC 3339 date and time at which this resource will be deleted. Set by the server "
                + "when a graceful deletion is requested by the user. Read-only.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        Time deletionTimestamp,

        @Doc("Number of seconds allowed for this object to gracefully terminate before it will be removed from the "
                + "system. Only set when deletionTimestamp is also set. Read-only.")
        @ProtoTag(10)
        @OmitEmpty
        Long deletionGracePeriodSeconds,

        @Doc("Map of string keys and values that can be used to organize and categorize (scope and select) objects.")
        @ProtoTag(11)
        @OmitEmpty
        Map<String, String> labels,

        @Doc("Annotations is an unstructured key value map stored with a resource that may be set by external tools "
                + "to store and retrieve arbitrary metadata.")
        @ProtoTag(12)
        @OmitEmpty
        Map<String, String> annotations,

        @Doc("List of objects depended by this object. If ALL objects in the list have been deleted, this object will "
                + "be garbage collected.")
        @ProtoTag(13)
        @OmitEmpty
        @Patch(key = "uid")
        @ListType(value = "map", keys = "uid")
        List<OwnerReference> ownerReferences,

        @Doc("Must be empty before the object is deleted from the registry. Each entry is an identifier for the "
                + "responsible component that will remove the entry from the list.")
        @ProtoTag(14)
        @OmitEmpty
        @Patch(strategy = "merge")
        @ListType("set")
        List<String> finalizers,

        @Doc("ManagedFields maps workflow-id and version to the set of fields that are managed by that workflow.")
        @ProtoTag(17)
        @OmitEmpty
        @ListType("atomic")
        List<ManagedFieldsEntry> managedFields) {}
