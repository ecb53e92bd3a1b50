package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("CredentialsBinding represents a binding to credentials in the same or another namespace.")
public record CredentialsBinding(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Provider defines the provider type of the CredentialsBinding. This field is immutable.") @ProtoTag(2)
        CredentialsBindingProvider provider,

        @Doc("CredentialsRef is a reference to a resource holding the credentials. Accepted resources are "
                + "core/v1.Secret, core.gardener.cloud/v1beta1.InternalSecret, and "
                + "security.gardener.cloud/v1alpha1.WorkloadIdentity. This field is immutable.")
        @ProtoTag(3)
        ObjectReference credentialsRef,

        @Doc("Quotas is a list of references to Quota objects in the same or another namespace. This field is "
                + "immutable.")
        @ProtoTag(4)
        @OmitEmpty
        List<ObjectReference> quotas) {}
