package cloud.gardener.apiserver.api.operations.v1alpha1;

import cloud.gardener.apiserver.api.k8s.networkingv1.IPBlock;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("BastionIngressPolicy represents an ingress policy for SSH bastion hosts.")
public record BastionIngressPolicy(
        @Doc("IPBlock defines an IP block that is allowed to access the bastion.") @ProtoTag(1)
        IPBlock ipBlock) {}
