package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("DNSDomain defines a DNS domain with optional provider.")
public record DNSDomain(
        @Doc("Name is the domain name.") String name,

        @Doc("Provider is the name of the DNS provider as declared in the '.spec.dns.providers' section. It is "
                + "only optional, if the `.spec.dns` section is not provided at all.")
        @OmitEmpty
        @Ptr
        String provider) {}
