package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ShootAdvertisedAddress contains information for the shoot's Kube API server.")
public record ShootAdvertisedAddress(
        @Doc("Name of the advertised address. e.g. external")
        String name,
        @Doc("The URL of the API Server. e.g. https://api.foo.bar or https://1.2.3.4")
        String url,
        @Doc("Application is the name of the application this address belongs to. Used by UI clients.")
        @OmitEmpty @Ptr String application) {
}
