package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ShootSpec is the specification of a Shoot.")
public record ShootSpec(
        @Doc("Addons contains information about enabled/disabled addons and their "
                + "configuration.\n\nDeprecated: This field is deprecated. Enabling addons will be forbidden "
                + "starting from Kubernetes 1.35.")
        @OmitEmpty @Ptr Addons addons,
        @Doc("CloudProfileName is a name of a CloudProfile object.\n\nDeprecated: This field will be "
                + "removed in a future version of Gardener. Use `CloudProfile` instead. Until Kubernetes v1.33, "
                + "this field is synced with the `CloudProfile` field. Starting with Kubernetes v1.34, this "
                + "field is set to empty string and must not be provided anymore.")
        @OmitEmpty @Ptr String cloudProfileName,
        @Doc("DNS contains information about the DNS settings of the Shoot.")
        @OmitEmpty @Ptr DNS dns,
        @Doc("Extensions contain type and provider information for Shoot extensions.")
        @OmitEmpty List<Extension> extensions,
        @Doc("Hibernation contains information whether the Shoot is suspended or not.")
        @OmitEmpty @Ptr Hibernation hibernation,
        @Doc("Kubernetes contains the version and configuration settings of the control plane components.")
        Kubernetes kubernetes,
        @Doc("Networking contains information about cluster networking such as CNI Plugin type, CIDRs, "
                + "...etc.")
        @OmitEmpty @Ptr Networking networking,
        @Doc("Maintenance contains information about the time window for maintenance operations and which "
                + "operations should be performed.")
        @OmitEmpty @Ptr Maintenance maintenance,
        @Doc("Monitoring contains information about custom monitoring configurations for the shoot.")
        @OmitEmpty @Ptr Monitoring monitoring,
        @Doc("Provider contains all provider-specific and provider-relevant information.")
        Provider provider,
        @Doc("Purpose is the purpose class for this cluster.")
        @OmitEmpty @Ptr String purpose,
        @Doc("Region is a name of a region. This field is immutable.")
        String region,
        @Doc("SecretBindingName is the name of a SecretBinding that has a reference to the provider secret. "
                + "The credentials inside the provider secret will be used to create the shoot in the respective "
                + "account. The field is mutually exclusive with CredentialsBindingName. This field is "
                + "immutable.\n\nDeprecated: Use CredentialsBindingName instead. See "
                + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/secretbinding-to-credentialsbinding-migration.md for migration instructions.")
        @OmitEmpty @Ptr String secretBindingName,
        @Doc("SeedName is the name of the seed cluster that runs the control plane of the Shoot.")
        @OmitEmpty @Ptr String seedName,
        @Doc("SeedSelector is an optional selector which must match a seed's labels for the shoot to be "
                + "scheduled on that seed. Once the shoot is assigned to a seed, the selector can only be "
                + "changed later if the new one still matches the assigned seed.")
        @OmitEmpty @Ptr SeedSelector seedSelector,
        @Doc("Resources holds a list of named resource references that can be referred to in extension "
                + "configs by their names.")
        @OmitEmpty List<NamedResourceReference> resources,
        @Doc("Tolerations contains the tolerations for taints on seed clusters.")
        @OmitEmpty @Patch(key = "key") List<Toleration> tolerations,
        @Doc("ExposureClassName is the optional name of an exposure class to apply a control plane endpoint "
                + "exposure strategy.")
        @OmitEmpty @Ptr String exposureClassName,
        @Doc("SystemComponents contains the settings of system components in the control or data plane of "
                + "the Shoot cluster.")
        @OmitEmpty @Ptr SystemComponents systemComponents,
        @Doc("ControlPlane contains general settings for the control plane of the shoot.")
        @OmitEmpty @Ptr ControlPlane controlPlane,
        @Doc("SchedulerName is the name of the responsible scheduler which schedules the shoot. If not "
                + "specified, the default scheduler takes over. This field is immutable.")
        @OmitEmpty @Ptr String schedulerName,
        @Doc("CloudProfile contains a reference to a CloudProfile or a NamespacedCloudProfile.")
        @OmitEmpty @Ptr CloudProfileReference cloudProfile,
        @Doc("CredentialsBindingName is the name of a CredentialsBinding that has a reference to the "
                + "provider credentials. The credentials will be used to create the shoot in the respective "
                + "account. The field is mutually exclusive with SecretBindingName.")
        @OmitEmpty @Ptr String credentialsBindingName,
        @Doc("AccessRestrictions describe a list of access restrictions for this shoot cluster.")
        @OmitEmpty List<AccessRestrictionWithOptions> accessRestrictions) {
}
