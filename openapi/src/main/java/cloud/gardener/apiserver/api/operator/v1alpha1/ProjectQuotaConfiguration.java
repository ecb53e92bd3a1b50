package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.ResourceQuota;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ProjectQuotaConfiguration defines quota configurations.")
public record ProjectQuotaConfiguration(
        @Doc("Config is the corev1.ResourceQuota specification used for the project set-up.")
        ResourceQuota config,

        @Doc("ProjectSelector is an optional setting to select the projects considered for quotas. Defaults to "
                + "empty LabelSelector, which matches all projects.")
        @OmitEmpty
        @Ptr
        LabelSelector projectSelector) {}
