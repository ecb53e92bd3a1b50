package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ExposureClass represents a control plane endpoint exposure strategy.")
public record ExposureClass(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Handler is the name of the handler which applies the control plane endpoint exposure strategy. "
                + "This field is immutable.")
        @ProtoTag(2)
        String handler,

        @Doc("Scheduling holds information how to select applicable Seed's for ExposureClass usage. This field "
                + "is immutable.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        ExposureClassScheduling scheduling) {}
