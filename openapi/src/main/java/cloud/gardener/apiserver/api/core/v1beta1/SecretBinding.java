package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.corev1.SecretReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SecretBinding represents a binding to a secret in the same or another namespace.\n\nDeprecated: Use "
        + "CredentialsBinding instead. See "
        + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/secretbinding-to-credentialsbinding-migration.md "
        + "for migration instructions.")
public record SecretBinding(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("SecretRef is a reference to a secret object in the same or another namespace. This field is "
                + "immutable.")
        @ProtoTag(2)
        SecretReference secretRef,

        @Doc("Quotas is a list of references to Quota objects in the same or another namespace. This field is "
                + "immutable.")
        @ProtoTag(3)
        @OmitEmpty
        List<ObjectReference> quotas,

        @Doc("Provider defines the provider type of the SecretBinding. This field is immutable.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        SecretBindingProvider provider) {}
