package cloud.gardener.apiserver.api.model.sample;

import cloud.gardener.apiserver.api.model.OmitEmpty;

public record WidgetStatus(
        @OmitEmpty String phase, @OmitEmpty long observedGeneration) {}
