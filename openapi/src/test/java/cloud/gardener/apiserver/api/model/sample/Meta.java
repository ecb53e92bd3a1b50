package cloud.gardener.apiserver.api.model.sample;

import cloud.gardener.apiserver.api.model.OmitEmpty;

public record Meta(@OmitEmpty String kind, @OmitEmpty String apiVersion) {}
