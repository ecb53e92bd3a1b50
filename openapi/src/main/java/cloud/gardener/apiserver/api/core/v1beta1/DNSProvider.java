package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("DNSProvider contains information about a DNS provider.")
public record DNSProvider(
        @Doc("Domains contains information about which domains shall be included/excluded for this "
                + "provider.\n\nDeprecated: This field is deprecated and will be removed in a future release. "
                + "Please use the DNS extension provider config (e.g. shoot-dns-service) for additional "
                + "configuration.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        DNSIncludeExclude domains,

        @Doc("Primary indicates that this DNSProvider is used for shoot related domains.\n\nDeprecated: "
                + "This field is deprecated and will be removed in a future release. Please use the DNS "
                + "extension provider config (e.g. shoot-dns-service) for additional and non-primary providers.")
        @ProtoTag(2)
        @OmitEmpty
        Boolean primary,

        @Doc("SecretName is a name of a secret containing credentials for the stated domain and the "
                + "provider. When not specified, the Gardener will use the cloud provider credentials referenced "
                + "by the Shoot and try to find respective credentials there (primary provider only). Specifying "
                + "this field may override this behavior, i.e. forcing the Gardener to only look into the given "
                + "secret.\n\nDeprecated: This field is deprecated and will be forbidden starting from "
                + "Kubernetes 1.35. Please use `CredentialsRef` instead. Until removed, this field is synced "
                + "with the `CredentialsRef` field when it refers to a secret.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String secretName,

        @Doc("Type is the DNS provider type.") @ProtoTag(4) @OmitEmpty @Ptr
        String type,

        @Doc("Zones contains information about which hosted zones shall be included/excluded for this "
                + "provider.\n\nDeprecated: This field is deprecated and will be removed in a future release. "
                + "Please use the DNS extension provider config (e.g. shoot-dns-service) for additional "
                + "configuration.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        DNSIncludeExclude zones,

        @Doc("CredentialsRef is a reference to a resource providing credentials for the DNS provider. "
                + "Supported resources are Secret and WorkloadIdentity.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        CrossVersionObjectReference credentialsRef) {}
