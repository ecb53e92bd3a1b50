package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.APIServerLogging;
import cloud.gardener.apiserver.api.core.v1beta1.APIServerRequests;
import cloud.gardener.apiserver.api.core.v1beta1.AdmissionPlugin;
import cloud.gardener.apiserver.api.core.v1beta1.AuditConfig;
import cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesConfig;
import cloud.gardener.apiserver.api.core.v1beta1.WatchCacheSizes;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;

@Doc("GardenerAPIServerConfig contains configuration settings for the gardener-apiserver.")
public record GardenerAPIServerConfig(
        @Inline KubernetesConfig kubernetesConfig,

        @Doc("AdmissionPlugins contains the list of user-defined admission plugins (additional to those managed by "
                + "Gardener), and, if desired, the corresponding configuration.")
        @OmitEmpty
        List<AdmissionPlugin> admissionPlugins,

        @Doc("AuditConfig contains configuration settings for the audit of the kube-apiserver.") @OmitEmpty @Ptr
        AuditConfig auditConfig,

        @Doc("AuditWebhook contains settings related to an audit webhook configuration.") @OmitEmpty @Ptr
        AuditWebhook auditWebhook,

        @Doc("Logging contains configuration for the log level and HTTP access logs.") @OmitEmpty @Ptr
        APIServerLogging logging,

        @Doc("Requests contains configuration for request-specific settings for the kube-apiserver.") @OmitEmpty @Ptr
        APIServerRequests requests,

        @Doc("WatchCacheSizes contains configuration of the API server's watch cache sizes. Configuring these "
                + "flags might be useful for large-scale Garden clusters with a lot of parallel update requests "
                + "and a lot of watching controllers (e.g. large ManagedSeed clusters). When the API server's "
                + "watch cache's capacity is too small to cope with the amount of update requests and watchers for "
                + "a particular resource, it might happen that controller watches are permanently stopped with "
                + "`too old resource version` errors. Starting from kubernetes v1.19, the API server's watch cache "
                + "size is adapted dynamically and setting the watch cache size flags will have no effect, except "
                + "when setting it to 0 (which disables the watch cache).")
        @OmitEmpty
        @Ptr
        WatchCacheSizes watchCacheSizes,

        @Doc("EncryptionConfig contains customizable encryption configuration of the Gardener API server.")
        @OmitEmpty
        @Ptr
        EncryptionConfig encryptionConfig,

        @Doc("GoAwayChance can be used to prevent HTTP/2 clients from getting stuck on a single apiserver, "
                + "randomly close a connection (GOAWAY). The client's other in-flight requests won't be affected, "
                + "and the client will reconnect, likely landing on a different apiserver after going through the "
                + "load balancer again. This field sets the fraction of requests that will be sent a GOAWAY. Min "
                + "is 0 (off), Max is 0.02 (1/50 requests); 0.001 (1/1000) is a recommended starting point.")
        @OmitEmpty
        Double goAwayChance,

        @Doc("ShootAdminKubeconfigMaxExpiration is the maximum validity duration of a credential requested to a "
                + "Shoot by an AdminKubeconfigRequest. If an otherwise valid AdminKubeconfigRequest with a "
                + "validity duration larger than this value is requested, a credential will be issued with a "
                + "validity duration of this value.")
        @OmitEmpty
        @Ptr
        Duration shootAdminKubeconfigMaxExpiration) {}
