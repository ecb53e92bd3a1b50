package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("LocalObjectReference contains enough information to let you locate the referenced object inside the same "
        + "namespace.")
@StructType("atomic")
public record LocalObjectReference(
        @Doc("Name of the referent. This field is effectively required, but due to backwards compatibility is "
                + "allowed to be empty. Instances of this type with an empty value here are almost certainly wrong. "
                + "More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names")
        @ProtoTag(1)
        @OmitEmpty
        String name) {}
