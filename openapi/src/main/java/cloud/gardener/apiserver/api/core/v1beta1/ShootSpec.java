package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ShootSpec is the specification of a Shoot.")
public record ShootSpec(
        @Doc("Addons contains information about enabled/disabled addons and their "
                + "configuration.\n\nDeprecated: This field is deprecated. Enabling addons will be forbidden "
                + "starting from Kubernetes 1.35.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Addons addons,

        @Doc("CloudProfileName is a name of a CloudProfile object.\n\nDeprecated: This field will be "
                + "removed in a future version of Gardener. Use `CloudProfile` instead. Until Kubernetes v1.33, "
                + "this field is synced with the `CloudProfile` field. Starting with Kubernetes v1.34, this "
                + "field is set to empty string and must not be provided anymore.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String cloudProfileName,

        @Doc("DNS contains information about the DNS settings of the Shoot.") @ProtoTag(3) @OmitEmpty @Ptr
        DNS dns,

        @Doc("Extensions contain type and provider information for Shoot extensions.") @ProtoTag(4) @OmitEmpty
        List<Extension> extensions,

        @Doc("Hibernation contains information whether the Shoot is suspended or not.") @ProtoTag(5) @OmitEmpty @Ptr
        Hibernation hibernation,

        @Doc("Kubernetes contains the version and configuration settings of the control plane components.") @ProtoTag(6)
        Kubernetes kubernetes,

        @Doc("Networking contains information about cluster networking such as CNI Plugin type, CIDRs, " + "...etc.")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        Networking networking,

        @Doc("Maintenance contains information about the time window for maintenance operations and which "
                + "operations should be performed.")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        Maintenance maintenance,

        @Doc("Monitoring contains information about custom monitoring configurations for the shoot.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        Monitoring monitoring,

        @Doc("Provider contains all provider-specific and provider-relevant information.") @ProtoTag(10)
        Provider provider,

        @Doc("Purpose is the purpose class for this cluster.") @ProtoTag(11) @OmitEmpty @Ptr
        String purpose,

        @Doc("Region is a name of a region. This field is immutable.") @ProtoTag(12)
        String region,

        @Doc(
                "SecretBindingName is the name of a SecretBinding that has a reference to the provider secret. "
                        + "The credentials inside the provider secret will be used to create the shoot in the respective "
                        + "account. The field is mutually exclusive with CredentialsBindingName. This field is "
                        + "immutable.\n\nDeprecated: Use CredentialsBindingName instead. See "
                        + "https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/secretbinding-to-credentialsbinding-migration.md for migration instructions.")
        @ProtoTag(13)
        @OmitEmpty
        @Ptr
        String secretBindingName,

        @Doc("SeedName is the name of the seed cluster that runs the control plane of the Shoot.")
        @ProtoTag(14)
        @OmitEmpty
        @Ptr
        String seedName,

        @Doc("SeedSelector is an optional selector which must match a seed's labels for the shoot to be "
                + "scheduled on that seed. Once the shoot is assigned to a seed, the selector can only be "
                + "changed later if the new one still matches the assigned seed.")
        @ProtoTag(15)
        @OmitEmpty
        @Ptr
        SeedSelector seedSelector,

        @Doc("Resources holds a list of named resource references that can be referred to in extension "
                + "configs by their names.")
        @ProtoTag(16)
        @OmitEmpty
        List<NamedResourceReference> resources,

        @Doc("Tolerations contains the tolerations for taints on seed clusters.")
        @ProtoTag(17)
        @OmitEmpty
        @Patch(key = "key")
        List<Toleration> tolerations,

        @Doc("ExposureClassName is the optional name of an exposure class to apply a control plane endpoint "
                + "exposure strategy.")
        @ProtoTag(18)
        @OmitEmpty
        @Ptr
        String exposureClassName,

        @Doc("SystemComponents contains the settings of system components in the control or data plane of "
                + "the Shoot cluster.")
        @ProtoTag(19)
        @OmitEmpty
        @Ptr
        SystemComponents systemComponents,

        @Doc("ControlPlane contains general settings for the control plane of the shoot.") @ProtoTag(20) @OmitEmpty @Ptr
        ControlPlane controlPlane,

        @Doc("SchedulerName is the name of the responsible scheduler which schedules the shoot. If not "
                + "specified, the default scheduler takes over. This field is immutable.")
        @ProtoTag(21)
        @OmitEmpty
        @Ptr
        String schedulerName,

        @Doc("CloudProfile contains a reference to a CloudProfile or a NamespacedCloudProfile.")
        @ProtoTag(22)
        @OmitEmpty
        @Ptr
        CloudProfileReference cloudProfile,

        @Doc("CredentialsBindingName is the name of a CredentialsBinding that has a reference to the "
                + "provider credentials. The credentials will be used to create the shoot in the respective "
                + "account. The field is mutually exclusive with SecretBindingName.")
        @ProtoTag(23)
        @OmitEmpty
        @Ptr
        String credentialsBindingName,

        @Doc("AccessRestrictions describe a list of access restrictions for this shoot cluster.")
        @ProtoTag(24)
        @OmitEmpty
        List<AccessRestrictionWithOptions> accessRestrictions) {}
