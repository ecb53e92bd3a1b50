package cloud.gardener.apiserver.api.model.sample;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Widget is a sample kind.")
public record Widget(
        @Inline Meta meta,
        @Doc("Spec is the wanted state.") WidgetSpec spec,
        @OmitEmpty WidgetStatus status) {}
