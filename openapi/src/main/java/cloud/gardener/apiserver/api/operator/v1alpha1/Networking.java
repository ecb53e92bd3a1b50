package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import java.util.List;

@Doc("Networking defines networking parameters for the virtual garden cluster.")
public record Networking(
        @Doc("Services are the CIDRs of the service network. Elements can be appended to this list, but not "
                + "removed.")
        List<String> services) {}
