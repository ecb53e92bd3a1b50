package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("NonResourceAttributes includes the authorization attributes available for non-resource requests to the "
        + "Authorizer interface")
public record NonResourceAttributes(
        @Doc("Path is the URL path of the request") @ProtoTag(1) @OmitEmpty
        String path,

        @Doc("Verb is the standard HTTP verb") @ProtoTag(2) @OmitEmpty
        String verb) {}
