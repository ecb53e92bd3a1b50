package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;
import java.util.Map;

@Doc("KubeAPIServerConfig contains configuration settings for the kube-apiserver.")
public record KubeAPIServerConfig(
        @ProtoTag(1) @Inline KubernetesConfig kubernetesConfig,

        @Doc("AdmissionPlugins contains the list of user-defined admission plugins (additional to those "
                + "managed by Gardener), and, if desired, the corresponding configuration.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "name")
        List<AdmissionPlugin> admissionPlugins,

        @Doc("APIAudiences are the identifiers of the API. The service account token authenticator will "
                + "validate that tokens used against the API are bound to at least one of these audiences. "
                + "Defaults to [\"kubernetes\"].")
        @ProtoTag(3)
        @OmitEmpty
        List<String> apiAudiences,

        @Doc("AuditConfig contains configuration settings for the audit of the kube-apiserver.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        AuditConfig auditConfig,

        @Doc("RuntimeConfig contains information about enabled or disabled APIs.") @ProtoTag(7) @OmitEmpty
        Map<String, Boolean> runtimeConfig,

        @Doc("ServiceAccountConfig contains configuration settings for the service account handling of the "
                + "kube-apiserver.")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        ServiceAccountConfig serviceAccountConfig,

        @Doc("WatchCacheSizes contains configuration of the API server's watch cache sizes. Configuring "
                + "these flags might be useful for large-scale Shoot clusters with a lot of parallel update "
                + "requests and a lot of watching controllers (e.g. large ManagedSeed clusters). When the API "
                + "server's watch cache's capacity is too small to cope with the amount of update requests and "
                + "watchers for a particular resource, it might happen that controller watches are permanently "
                + "stopped with `too old resource version` errors. Starting from kubernetes v1.19, the API "
                + "server's watch cache size is adapted dynamically and setting the watch cache size flags will "
                + "have no effect, except when setting it to 0 (which disables the watch cache).")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        WatchCacheSizes watchCacheSizes,

        @Doc("Requests contains configuration for request-specific settings for the kube-apiserver.")
        @ProtoTag(10)
        @OmitEmpty
        @Ptr
        APIServerRequests requests,

        @Doc(
                "EnableAnonymousAuthentication defines whether anonymous requests to the secure port of the "
                        + "API server should be allowed (flag `--anonymous-auth`). See: "
                        + "https://kubernetes.io/docs/reference/command-line-tools-reference/kube-apiserver/\n\nDeprecated: This field is deprecated and will be removed after support for Kubernetes v1.34 is dropped. This field is forbidden for clusters with Kubernetes version >= 1.35. Please use anonymous authentication configuration instead.")
        @ProtoTag(11)
        @OmitEmpty
        Boolean enableAnonymousAuthentication,

        @Doc("EventTTL controls the amount of time to retain events. Defaults to 1h.") @ProtoTag(12) @OmitEmpty @Ptr
        Duration eventTTL,

        @Doc("Logging contains configuration for the log level and HTTP access logs.") @ProtoTag(13) @OmitEmpty @Ptr
        APIServerLogging logging,

        @Doc("DefaultNotReadyTolerationSeconds indicates the tolerationSeconds of the toleration for "
                + "notReady:NoExecute that is added by default to every pod that does not already have such a "
                + "toleration (flag `--default-not-ready-toleration-seconds`). The field has effect only when "
                + "the `DefaultTolerationSeconds` admission plugin is enabled. Defaults to 300.")
        @ProtoTag(14)
        @OmitEmpty
        Long defaultNotReadyTolerationSeconds,

        @Doc("DefaultUnreachableTolerationSeconds indicates the tolerationSeconds of the toleration for "
                + "unreachable:NoExecute that is added by default to every pod that does not already have such a "
                + "toleration (flag `--default-unreachable-toleration-seconds`). The field has effect only when "
                + "the `DefaultTolerationSeconds` admission plugin is enabled. Defaults to 300.")
        @ProtoTag(15)
        @OmitEmpty
        Long defaultUnreachableTolerationSeconds,

        @Doc("EncryptionConfig contains customizable encryption configuration of the Kube API server.")
        @ProtoTag(16)
        @OmitEmpty
        @Ptr
        EncryptionConfig encryptionConfig,

        @Doc("StructuredAuthentication contains configuration settings for structured authentication for "
                + "the kube-apiserver.")
        @ProtoTag(17)
        @OmitEmpty
        @Ptr
        StructuredAuthentication structuredAuthentication,

        @Doc("StructuredAuthorization contains configuration settings for structured authorization for the "
                + "kube-apiserver.")
        @ProtoTag(18)
        @OmitEmpty
        @Ptr
        StructuredAuthorization structuredAuthorization,

        @Doc("Autoscaling contains auto-scaling configuration options for the kube-apiserver.")
        @ProtoTag(19)
        @OmitEmpty
        @Ptr
        ControlPlaneAutoscaling autoscaling,

        @Doc("TLSMinVersion is the minimum TLS version accepted by the kube-apiserver. Supported values: "
                + "VersionTLS12, VersionTLS13.")
        @ProtoTag(20)
        @OmitEmpty
        @Ptr
        String tlsMinVersion) {}
