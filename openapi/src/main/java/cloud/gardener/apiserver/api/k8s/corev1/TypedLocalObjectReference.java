package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Optional;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("TypedLocalObjectReference contains enough information to let you locate the typed referenced object inside "
        + "the same namespace.")
@StructType("atomic")
public record TypedLocalObjectReference(
        @Doc("APIGroup is the group for the resource being referenced. If APIGroup is not specified, the specified "
                + "Kind must be in the core API group. For any other third-party types, APIGroup is required.")
        @ProtoTag(1)
        @Optional
        @Ptr
        String apiGroup,

        @Doc("Kind is the type of resource being referenced") @ProtoTag(2)
        String kind,

        @Doc("Name is the name of resource being referenced") @ProtoTag(3)
        String name) {}
