package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("AdvertisedAddress contains information for the Garden's servers.")
public record AdvertisedAddress(
        @Doc("Name of the advertised address. e.g. virtual or discovery-server")
        String name,

        @Doc("The URL of the server. e.g. https://api.foo.bar or https://1.2.3.4")
        String url) {}
