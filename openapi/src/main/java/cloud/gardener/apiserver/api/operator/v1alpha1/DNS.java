package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("DNS holds information about DNS settings.")
public record DNS(
        @Doc("Domains are the external domains of the virtual garden cluster. The first given domain in this list "
                + "is immutable.")
        @OmitEmpty
        List<DNSDomain> domains) {}
