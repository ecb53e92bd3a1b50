package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("ObjectReference contains enough information to let you inspect or modify the referred object.")
@StructType("atomic")
public record ObjectReference(
        @Doc("Kind of the referent. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds")
        @ProtoTag(1)
        @OmitEmpty
        String kind,

        @Doc("Namespace of the referent. More info: "
                + "https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/")
        @ProtoTag(2)
        @OmitEmpty
        String namespace,

        @Doc("Name of the referent. More info: "
                + "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names")
        @ProtoTag(3)
        @OmitEmpty
        String name,

        @Doc("UID of the referent. More info: "
                + "https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#uids")
        @ProtoTag(4)
        @OmitEmpty
        String uid,

        @Doc("API version of the referent.") @ProtoTag(5) @OmitEmpty
        String apiVersion,

        @Doc(
                "Specific resourceVersion to which this reference is made, if any. More info: "
                        + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency")
        @ProtoTag(6)
        @OmitEmpty
        String resourceVersion,

        @Doc("If referring to a piece of an object instead of an entire object, this string should contain "
                + "a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For "
                + "example, if the object reference is to a container within a pod, this would take on a value "
                + "like: \"spec.containers{name}\" (where \"name\" refers to the name of the container that "
                + "triggered the event) or if no container name is specified \"spec.containers[2]\" (container "
                + "with index 2 in this pod). This syntax is chosen only to have some well-defined way of "
                + "referencing a part of an object.")
        @ProtoTag(7)
        @OmitEmpty
        String fieldPath) {}
