package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Shoot identifies the Shoot that should be registered as Seed.")
public record Shoot(
        @Doc("Name is the name of the Shoot that will be registered as Seed.") @ProtoTag(1)
        String name) {}
