package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Image specifies container image parameters. Either Repository/Tag or Ref must be set, but not both.")
public record Image(
        @Doc("Repository is the image repository.") @ProtoTag(1) @OmitEmpty @Ptr
        String repository,

        @Doc("Tag is the image tag.") @ProtoTag(2) @OmitEmpty @Ptr
        String tag,

        @Doc("PullPolicy is the image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if "
                + "latest tag is specified, or IfNotPresent otherwise.\n\nPossible enum values:\n - `\"Always\"` "
                + "means that kubelet always attempts to pull the latest image. Container will fail If the pull "
                + "fails.\n - `\"IfNotPresent\"` means that kubelet pulls if the image isn't present on disk. "
                + "Container will fail if the image isn't present and the pull fails.\n - `\"Never\"` means that "
                + "kubelet never pulls an image, but only uses a local image. Container will fail if the image "
                + "isn't present")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String pullPolicy,

        @Doc("Ref is the full image reference.") @ProtoTag(4) @OmitEmpty @Ptr
        String ref) {}
