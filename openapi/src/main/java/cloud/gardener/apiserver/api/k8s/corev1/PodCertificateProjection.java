package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.Map;

@Doc("PodCertificateProjection provides a private key and X.509 certificate in the pod filesystem.")
public record PodCertificateProjection(
        @Doc("Kubelet's generated CSRs will be addressed to this signer.") @ProtoTag(1) @OmitEmpty
        String signerName,

        @Doc("The type of keypair Kubelet will generate for the pod.\n\nValid values are \"RSA3072\", \"RSA4096\", "
                + "\"ECDSAP256\", \"ECDSAP384\", \"ECDSAP521\", and \"ED25519\".")
        @ProtoTag(2)
        @OmitEmpty
        String keyType,

        @Doc("maxExpirationSeconds is the maximum lifetime permitted for the certificate.\n\nKubelet copies this "
                + "value verbatim into the PodCertificateRequests it generates for this projection.\n\nIf omitted, "
                + "kube-apiserver will set it to 86400(24 hours). kube-apiserver will reject values shorter than "
                + "3600 (1 hour).  The maximum allowable value is 7862400 (91 days).\n\nThe signer implementation "
                + "is then free to issue a certificate with any lifetime *shorter* than MaxExpirationSeconds, but "
                + "no shorter than 3600 seconds (1 hour).  This constraint is enforced by kube-apiserver. "
                + "`kubernetes.io` signers will never issue certificates with a lifetime longer than 24 hours.")
        @ProtoTag(3)
        @OmitEmpty
        Integer maxExpirationSeconds,

        @Doc("Write the credential bundle at this path in the projected volume.\n\nThe credential bundle is a "
                + "single file that contains multiple PEM blocks. The first PEM block is a PRIVATE KEY block, "
                + "containing a PKCS#8 private key.\n\nThe remaining blocks are CERTIFICATE blocks, containing the "
                + "issued certificate chain from the signer (leaf and any intermediates).\n\nUsing "
                + "credentialBundlePath lets your Pod's application code make a single atomic read that retrieves "
                + "a consistent key and certificate chain.  If you project them to separate files, your "
                + "application code will need to additionally check that the leaf certificate was issued to the "
                + "key.")
        @ProtoTag(4)
        @OmitEmpty
        String credentialBundlePath,

        @Doc("Write the key at this path in the projected volume.\n\nMost applications should use "
                + "credentialBundlePath.  When using keyPath and certificateChainPath, your application needs to "
                + "check that the key and leaf certificate are consistent, because it is possible to read the "
                + "files mid-rotation.")
        @ProtoTag(5)
        @OmitEmpty
        String keyPath,

        @Doc("Write the certificate chain at this path in the projected volume.\n\nMost applications should use "
                + "credentialBundlePath.  When using keyPath and certificateChainPath, your application needs to "
                + "check that the key and leaf certificate are consistent, because it is possible to read the "
                + "files mid-rotation.")
        @ProtoTag(6)
        @OmitEmpty
        String certificateChainPath,

        @Doc("userAnnotations allow pod authors to pass additional information to the signer implementation.  "
                + "Kubernetes does not restrict or validate this metadata in any way.\n\nThese values are copied "
                + "verbatim into the `spec.unverifiedUserAnnotations` field of the PodCertificateRequest objects "
                + "that Kubelet creates.\n\nEntries are subject to the same validation as object metadata "
                + "annotations, with the addition that all keys must be domain-prefixed. No restrictions are "
                + "placed on values, except an overall size limitation on the entire field.\n\nSigners should "
                + "document the keys and values they support. Signers should deny requests that contain keys they "
                + "do not recognize.")
        @ProtoTag(7)
        @OmitEmpty
        Map<String, String> userAnnotations) {}
