package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("HighAvailability specifies the configuration settings for high availability for a resource.")
public record HighAvailability() {}
