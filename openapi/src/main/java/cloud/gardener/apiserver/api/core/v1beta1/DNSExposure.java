package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("DNSExposure specifies that this shoot will be exposed by DNS. There is no specific configuration "
        + "currently, for future extendability.")
public record DNSExposure() {}
