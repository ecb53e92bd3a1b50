package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

/** The body of a DELETE; modelled for its protobuf form (the JSON form is read by the delete endpoint itself). */
@Doc("DeleteOptions may be provided when deleting an API object.")
public record DeleteOptions(
        @Inline TypeMeta typeMeta,
        @OmitEmpty @ProtoTag(1) Long gracePeriodSeconds,
        @OmitEmpty @Ptr @ProtoTag(2) Preconditions preconditions,
        @OmitEmpty @ProtoTag(3) Boolean orphanDependents,
        @OmitEmpty @Ptr @ProtoTag(4) String propagationPolicy,
        @OmitEmpty @ProtoTag(5) List<String> dryRun,
        @OmitEmpty @ProtoTag(6) Boolean ignoreStoreReadErrorWithClusterBreakingPotential) {}
