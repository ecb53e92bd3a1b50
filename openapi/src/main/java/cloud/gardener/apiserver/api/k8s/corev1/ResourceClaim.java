package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ResourceClaim references one entry in PodSpec.ResourceClaims.")
public record ResourceClaim(
        @Doc("Name must match the name of one entry in pod.spec.resourceClaims of the Pod where this field is "
                + "used. It makes that resource available inside a container.")
        @ProtoTag(1)
        String name,

        @Doc("Request is the name chosen for a request in the referenced claim. If empty, everything from the "
                + "claim is made available, otherwise only the result of this request.")
        @ProtoTag(2)
        @OmitEmpty
        String request) {}
