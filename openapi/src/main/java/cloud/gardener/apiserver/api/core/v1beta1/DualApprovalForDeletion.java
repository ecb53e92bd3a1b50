package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("DualApprovalForDeletion contains configuration for the dual approval concept for resource deletion.")
public record DualApprovalForDeletion(
        @Doc("Resource is the name of the resource this applies to.") @ProtoTag(1)
        String resource,

        @Doc("Selector is the label selector for the resources.") @ProtoTag(2)
        LabelSelector selector,

        @Doc("IncludeServiceAccounts specifies whether the concept also applies when deletion is triggered by "
                + "ServiceAccounts. Defaults to true.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean includeServiceAccounts) {}
