package cloud.gardener.apiserver.api.core.v1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("OCIRepository configures where to pull an OCI Artifact, that could contain for example a Helm Chart.")
public record OCIRepository(
        @Doc("Ref is the full artifact Ref and takes precedence over all other fields.") @ProtoTag(1) @OmitEmpty @Ptr
        String ref,

        @Doc("Repository is a reference to an OCI artifact repository.") @ProtoTag(2) @OmitEmpty @Ptr
        String repository,

        @Doc("Tag is the image tag to pull.") @ProtoTag(3) @OmitEmpty @Ptr
        String tag,

        @Doc("Digest of the image to pull, takes precedence over tag. The value should be in the format "
                + "'sha256:<HASH>'.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String digest,

        @Doc("PullSecretRef is a reference to a secret containing the pull secret. The secret must be of type "
                + "`kubernetes.io/dockerconfigjson` and must be located in the `garden` namespace. For usage in the "
                + "gardenlet, the secret must have the label `gardener.cloud/role=helm-pull-secret`.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        LocalObjectReference pullSecretRef,

        @Doc("CABundleSecretRef is a reference to a secret containing a PEM-encoded certificate authority "
                + "bundle. The CA bundle is used to verify the TLS certificate of the OCI registry. The secret must "
                + "have a data key `bundle.crt` and must be located in the `garden` namespace. For usage in the "
                + "gardenlet, the secret must have the label `gardener.cloud/role=oci-ca-bundle`. If not provided, "
                + "the system's default certificate pool is used.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        LocalObjectReference caBundleSecretRef) {}
