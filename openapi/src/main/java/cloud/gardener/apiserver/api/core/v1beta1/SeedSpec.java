package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SeedSpec is the specification of a Seed.")
public record SeedSpec(
        @Doc("Backup holds the object store configuration for the backups of shoot (currently only etcd). If it "
                + "is not specified, then there won't be any backups taken for shoots associated with this seed. If "
                + "backup field is present in seed, then backups of the etcd from shoot control plane will be stored "
                + "under the configured object store.")
        @OmitEmpty @Ptr Backup backup,
        @Doc("DNS contains DNS-relevant information about this seed cluster.")
        SeedDNS dns,
        @Doc("Networks defines the pod, service and worker network of the Seed cluster.")
        SeedNetworks networks,
        @Doc("Provider defines the provider type and region for this Seed cluster.")
        SeedProvider provider,
        @Doc("Taints describes taints on the seed.")
        @OmitEmpty List<SeedTaint> taints,
        @Doc("Volume contains settings for persistentvolumes created in the seed cluster.")
        @OmitEmpty @Ptr SeedVolume volume,
        @Doc("Settings contains certain settings for this seed cluster.")
        @OmitEmpty @Ptr SeedSettings settings,
        @Doc("Ingress configures Ingress specific settings of the Seed cluster. This field is immutable.")
        @OmitEmpty @Ptr Ingress ingress,
        @Doc("AccessRestrictions describe a list of access restrictions for this seed cluster.")
        @OmitEmpty List<AccessRestriction> accessRestrictions,
        @Doc("Extensions contain type and provider information for Seed extensions.")
        @OmitEmpty List<Extension> extensions,
        @Doc("Resources holds a list of named resource references that can be referred to in extension configs "
                + "by their names.")
        @OmitEmpty List<NamedResourceReference> resources) {
}
