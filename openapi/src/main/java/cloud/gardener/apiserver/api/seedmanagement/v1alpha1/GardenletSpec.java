package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("GardenletSpec specifies gardenlet deployment parameters and the configuration used to configure gardenlet.")
public record GardenletSpec(
        @Doc("Deployment specifies certain gardenlet deployment parameters, such as the number of replicas, the "
                + "image, etc.")
        @ProtoTag(1)
        GardenletSelfDeployment deployment,

        @Doc("Config is the GardenletConfiguration used to configure gardenlet.") @ProtoTag(2) @OmitEmpty
        JsonNode config,

        @Doc("KubeconfigSecretRef is a reference to a secret containing a kubeconfig for the cluster to which "
                + "gardenlet should be deployed. This is only used by gardener-operator for a very first gardenlet "
                + "deployment. After that, gardenlet will continuously upgrade itself. If this field is empty, "
                + "gardener-operator deploys it into its own runtime cluster.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        LocalObjectReference kubeconfigSecretRef) {}
