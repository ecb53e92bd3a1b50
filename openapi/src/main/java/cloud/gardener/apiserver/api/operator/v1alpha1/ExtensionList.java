package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("ExtensionList is a list of Extension resources.")
public record ExtensionList(
        @Inline TypeMeta typeMeta,
        @OmitEmpty ListMeta metadata,
        @Doc("Items is the list of Extension.") List<Extension> items) {}
