package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ControllerInstallation represents an installation request for an external controller.")
public record ControllerInstallation(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec contains the specification of this installation. If the object's deletion timestamp is set, "
                + "this field is immutable.")
        @ProtoTag(2)
        @OmitEmpty
        ControllerInstallationSpec spec,

        @Doc("Status contains the status of this installation.") @ProtoTag(3) @OmitEmpty
        ControllerInstallationStatus status) {}
