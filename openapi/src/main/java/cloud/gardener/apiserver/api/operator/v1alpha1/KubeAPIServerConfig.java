package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("KubeAPIServerConfig contains configuration settings for the kube-apiserver.")
public record KubeAPIServerConfig(
        @Inline cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig kubeAPIServerConfig,

        @Doc("AuditWebhook contains settings related to an audit webhook configuration.") @OmitEmpty @Ptr
        AuditWebhook auditWebhook,

        @Doc("Authentication contains settings related to authentication.") @OmitEmpty @Ptr
        Authentication authentication,

        @Doc("ResourcesToStoreInETCDEvents contains a list of resources which should be stored in etcd-events "
                + "instead of etcd-main. The 'events' resource is always stored in etcd-events. Note that adding "
                + "or removing resources from this list will not migrate them automatically from the etcd-main to "
                + "etcd-events or vice versa.")
        @OmitEmpty
        List<GroupResource> resourcesToStoreInETCDEvents,

        @Doc("SNI contains configuration options for the TLS SNI settings.") @OmitEmpty @Ptr
        SNI sni) {}
