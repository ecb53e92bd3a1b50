package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("CloudProfileReference holds the information about a CloudProfile or a NamespacedCloudProfile.")
public record CloudProfileReference(
        @Doc("Kind contains a CloudProfile kind.") @ProtoTag(1)
        String kind,

        @Doc("Name contains the name of the referenced CloudProfile.") @ProtoTag(2)
        String name) {}
