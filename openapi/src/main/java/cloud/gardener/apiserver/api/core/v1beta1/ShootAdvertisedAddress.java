package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ShootAdvertisedAddress contains information for the shoot's Kube API server.")
public record ShootAdvertisedAddress(
        @Doc("Name of the advertised address. e.g. external") @ProtoTag(1)
        String name,

        @Doc("The URL of the API Server. e.g. https://api.foo.bar or https://1.2.3.4") @ProtoTag(2)
        String url,

        @Doc("Application is the name of the application this address belongs to. Used by UI clients.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String application) {}
