package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Optional;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("TypedObjectReference contains enough information to let you locate the typed referenced object")
public record TypedObjectReference(
        @Doc("APIGroup is the group for the resource being referenced. If APIGroup is not specified, the specified "
                + "Kind must be in the core API group. For any other third-party types, APIGroup is required.")
        @ProtoTag(1)
        @Optional
        @Ptr
        String apiGroup,

        @Doc("Kind is the type of resource being referenced") @ProtoTag(2)
        String kind,

        @Doc("Name is the name of resource being referenced") @ProtoTag(3)
        String name,

        @Doc("Namespace is the namespace of resource being referenced Note that when a namespace is specified, a "
                + "gateway.networking.k8s.io/ReferenceGrant object is required in the referent namespace to allow "
                + "that namespace's owner to accept the reference. See the ReferenceGrant documentation for "
                + "details. (Alpha) This field requires the CrossNamespaceVolumeDataSource feature gate to be "
                + "enabled.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String namespace) {}
