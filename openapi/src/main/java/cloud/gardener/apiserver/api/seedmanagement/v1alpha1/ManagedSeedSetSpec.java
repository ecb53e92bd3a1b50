package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.ShootTemplate;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ManagedSeedSetSpec is the specification of a ManagedSeedSet.")
public record ManagedSeedSetSpec(
        @Doc("Replicas is the desired number of replicas of the given Template. Defaults to 1.") @ProtoTag(1) @OmitEmpty
        Integer replicas,

        @Doc("Selector is a label query over ManagedSeeds and Shoots that should match the replica count. It must "
                + "match the ManagedSeeds and Shoots template's labels. This field is immutable.")
        @ProtoTag(2)
        LabelSelector selector,

        @Doc("Template describes the ManagedSeed that will be created if insufficient replicas are detected. Each "
                + "ManagedSeed created / updated by the ManagedSeedSet will fulfill this template.")
        @ProtoTag(3)
        ManagedSeedTemplate template,

        @Doc("ShootTemplate describes the Shoot that will be created if insufficient replicas are detected for "
                + "hosting the corresponding ManagedSeed. Each Shoot created / updated by the ManagedSeedSet will "
                + "fulfill this template.")
        @ProtoTag(4)
        ShootTemplate shootTemplate,

        @Doc("UpdateStrategy specifies the UpdateStrategy that will be employed to update ManagedSeeds / Shoots in "
                + "the ManagedSeedSet when a revision is made to Template / ShootTemplate.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        UpdateStrategy updateStrategy,

        @Doc("RevisionHistoryLimit is the maximum number of revisions that will be maintained in the "
                + "ManagedSeedSet's revision history. Defaults to 10. This field is immutable.")
        @ProtoTag(6)
        @OmitEmpty
        Integer revisionHistoryLimit) {}
