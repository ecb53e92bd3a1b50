package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SeedSpec is the specification of a Seed.")
public record SeedSpec(
        @Doc("Backup holds the object store configuration for the backups of shoot (currently only etcd). If it "
                + "is not specified, then there won't be any backups taken for shoots associated with this seed. If "
                + "backup field is present in seed, then backups of the etcd from shoot control plane will be stored "
                + "under the configured object store.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Backup backup,

        @Doc("DNS contains DNS-relevant information about this seed cluster.") @ProtoTag(2)
        SeedDNS dns,

        @Doc("Networks defines the pod, service and worker network of the Seed cluster.") @ProtoTag(3)
        SeedNetworks networks,

        @Doc("Provider defines the provider type and region for this Seed cluster.") @ProtoTag(4)
        SeedProvider provider,

        @Doc("Taints describes taints on the seed.") @ProtoTag(6) @OmitEmpty
        List<SeedTaint> taints,

        @Doc("Volume contains settings for persistentvolumes created in the seed cluster.") @ProtoTag(7) @OmitEmpty @Ptr
        SeedVolume volume,

        @Doc("Settings contains certain settings for this seed cluster.") @ProtoTag(8) @OmitEmpty @Ptr
        SeedSettings settings,

        @Doc("Ingress configures Ingress specific settings of the Seed cluster. This field is immutable.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        Ingress ingress,

        @Doc("AccessRestrictions describe a list of access restrictions for this seed cluster.")
        @ProtoTag(10)
        @OmitEmpty
        List<AccessRestriction> accessRestrictions,

        @Doc("Extensions contain type and provider information for Seed extensions.") @ProtoTag(11) @OmitEmpty
        List<Extension> extensions,

        @Doc("Resources holds a list of named resource references that can be referred to in extension configs "
                + "by their names.")
        @ProtoTag(12)
        @OmitEmpty
        List<NamedResourceReference> resources) {}
