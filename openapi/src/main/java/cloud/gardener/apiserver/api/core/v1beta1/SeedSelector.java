package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("SeedSelector contains constraints for selecting seed to be usable for shoots using a profile")
public record SeedSelector(
        @Doc("LabelSelector is optional and can be used to select seeds by their label settings") @ProtoTag(1) @Inline
        LabelSelector labelSelector,

        @Doc("Providers is optional and can be used by restricting seeds by their provider type. '*' can be "
                + "used to enable seeds regardless of their provider type.")
        @ProtoTag(2)
        @OmitEmpty
        List<String> providerTypes) {}
