package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("ControllerRegistrationList is a collection of ControllerRegistrations.")
public record ControllerRegistrationList(
        @Inline TypeMeta typeMeta,
        @Doc("Standard list object metadata.")
        @OmitEmpty ListMeta metadata,
        @Doc("Items is the list of ControllerRegistrations.")
        List<ControllerRegistration> items) {
}
