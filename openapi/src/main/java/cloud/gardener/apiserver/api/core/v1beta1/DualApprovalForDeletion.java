package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("DualApprovalForDeletion contains configuration for the dual approval concept for resource deletion.")
public record DualApprovalForDeletion(
        @Doc("Resource is the name of the resource this applies to.")
        String resource,
        @Doc("Selector is the label selector for the resources.")
        LabelSelector selector,
        @Doc("IncludeServiceAccounts specifies whether the concept also applies when deletion is triggered by "
                + "ServiceAccounts. Defaults to true.")
        @OmitEmpty Boolean includeServiceAccounts) {
}
