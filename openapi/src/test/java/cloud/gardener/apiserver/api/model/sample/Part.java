package cloud.gardener.apiserver.api.model.sample;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Part is a piece of a widget.")
public record Part(
        @Doc("Name identifies the part.") String name,
        @OmitEmpty Boolean optional) {}
