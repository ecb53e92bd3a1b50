package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Projection that may be projected along with other supported volume types. Exactly one of these fields must "
        + "be set.")
public record VolumeProjection(
        @Doc("secret information about the secret data to project") @ProtoTag(1) @OmitEmpty @Ptr
        SecretProjection secret,

        @Doc("downwardAPI information about the downwardAPI data to project") @ProtoTag(2) @OmitEmpty @Ptr
        DownwardAPIProjection downwardAPI,

        @Doc("configMap information about the configMap data to project") @ProtoTag(3) @OmitEmpty @Ptr
        ConfigMapProjection configMap,

        @Doc("serviceAccountToken is information about the serviceAccountToken data to project")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        ServiceAccountTokenProjection serviceAccountToken,

        @Doc("ClusterTrustBundle allows a pod to access the `.spec.trustBundle` field of ClusterTrustBundle "
                + "objects in an auto-updating file.\n\nAlpha, gated by the ClusterTrustBundleProjection feature "
                + "gate.\n\nClusterTrustBundle objects can either be selected by name, or by the combination of "
                + "signer name and a label selector.\n\nKubelet performs aggressive normalization of the PEM "
                + "contents written into the pod filesystem.  Esoteric PEM features such as inter-block comments "
                + "and block headers are stripped.  Certificates are deduplicated. The ordering of certificates "
                + "within the file is arbitrary, and Kubelet may change the order over time.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        ClusterTrustBundleProjection clusterTrustBundle,

        @Doc("Projects an auto-rotating credential bundle (private key and certificate chain) that the pod can use "
                + "either as a TLS client or server.\n\nKubelet generates a private key and uses it to send a "
                + "PodCertificateRequest to the named signer.  Once the signer approves the request and issues a "
                + "certificate chain, Kubelet writes the key and certificate chain to the pod filesystem.  The pod "
                + "does not start until certificates have been issued for each podCertificate projected volume "
                + "source in its spec.\n\nKubelet will begin trying to rotate the certificate at the time "
                + "indicated by the signer using the PodCertificateRequest.Status.BeginRefreshAt "
                + "timestamp.\n\nKubelet can write a single file, indicated by the credentialBundlePath field, or "
                + "separate files, indicated by the keyPath and certificateChainPath fields.\n\nThe credential "
                + "bundle is a single file in PEM format.  The first PEM entry is the private key (in PKCS#8 "
                + "format), and the remaining PEM entries are the certificate chain issued by the signer "
                + "(typically, signers will return their certificate chain in leaf-to-root order).\n\nPrefer using "
                + "the credential bundle format, since your application code can read it atomically.  If you use "
                + "keyPath and certificateChainPath, your application must make two separate file reads. If these "
                + "coincide with a certificate rotation, it is possible that the private key and leaf certificate "
                + "you read may not correspond to each other.  Your application will need to check for this "
                + "condition, and re-read until they are consistent.\n\nThe named signer controls chooses the "
                + "format of the certificate it issues; consult the signer implementation's documentation to learn "
                + "how to use the certificates it issues.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        PodCertificateProjection podCertificate) {}
