package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("OwnerReference contains enough information to let you identify an owning object. An owning object must be in "
        + "the same namespace as the dependent, or be cluster-scoped, so there is no namespace field.")
public record OwnerReference(
        @Doc("API version of the referent.") @ProtoTag(5) String apiVersion,
        @Doc("Kind of the referent.") @ProtoTag(1) String kind,
        @Doc("Name of the referent.") @ProtoTag(3) String name,
        @Doc("UID of the referent.") @ProtoTag(4) String uid,

        @Doc("If true, this reference points to the managing controller.") @ProtoTag(6) @OmitEmpty
        Boolean controller,

        @Doc("If true, AND if the owner has the \"foregroundDeletion\" finalizer, then the owner cannot be deleted "
                + "from the key-value store until this reference is removed.")
        @ProtoTag(7)
        @OmitEmpty
        Boolean blockOwnerDeletion) {}
