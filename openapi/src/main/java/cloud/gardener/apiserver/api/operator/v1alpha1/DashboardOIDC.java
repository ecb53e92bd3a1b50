package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;

@Doc("DashboardOIDC contains configuration for the OIDC settings.")
public record DashboardOIDC(
        @Doc("ClientIDPublic is the public client ID. Falls back to the API server's OIDC client ID configuration "
                + "if not set here.")
        @OmitEmpty
        @Ptr
        String clientIDPublic,

        @Doc("The URL of the OpenID issuer, only HTTPS scheme will be accepted. Used to verify the OIDC JSON Web "
                + "Token (JWT). Falls back to the API server's OIDC issuer URL configuration if not set here.")
        @OmitEmpty
        @Ptr
        String issuerURL,

        @Doc("SessionLifetime is the maximum duration of a session.") @OmitEmpty @Ptr
        Duration sessionLifetime,

        @Doc("AdditionalScopes is the list of additional OIDC scopes.") @OmitEmpty
        List<String> additionalScopes,

        @Doc("SecretRef is the reference to a secret in the garden namespace containing the OIDC client ID and "
                + "secret for the dashboard.")
        LocalObjectReference secretRef,

        @Doc("CertificateAuthoritySecretRef is the reference to a secret in the garden namespace containing a "
                + "custom CA certificate under the \"ca.crt\" key")
        @OmitEmpty
        @Ptr
        LocalObjectReference certificateAuthoritySecretRef) {}
