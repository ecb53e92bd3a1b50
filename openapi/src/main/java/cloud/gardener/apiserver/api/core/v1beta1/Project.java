package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Project holds certain properties about a Gardener project.")
public record Project(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        @OmitEmpty ObjectMeta metadata,
        @Doc("Spec defines the project properties.")
        @OmitEmpty ProjectSpec spec,
        @Doc("Most recently observed status of the Project.")
        @OmitEmpty ProjectStatus status) {
}
