package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("GardenList is a list of Garden resources.")
public record GardenList(
        @Inline TypeMeta typeMeta,
        @OmitEmpty ListMeta metadata,
        @Doc("Items is the list of Garden.") List<Garden> items) {}
