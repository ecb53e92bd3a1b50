package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("CloudProfileReference holds the information about a CloudProfile or a NamespacedCloudProfile.")
public record CloudProfileReference(
        @Doc("Kind contains a CloudProfile kind.")
        String kind,
        @Doc("Name contains the name of the referenced CloudProfile.")
        String name) {
}
