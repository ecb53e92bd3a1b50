package cloud.gardener.apiserver.api.k8s.autoscalingv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("CrossVersionObjectReference contains enough information to let you identify the referred resource.")
@StructType("atomic")
public record CrossVersionObjectReference(
        @Doc("kind is the kind of the referent; More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds")
        @ProtoTag(1)
        String kind,

        @Doc("name is the name of the referent; More info: "
                + "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names")
        @ProtoTag(2)
        String name,

        @Doc("apiVersion is the API version of the referent") @ProtoTag(3) @OmitEmpty
        String apiVersion) {}
