package cloud.gardener.apiserver.admission.validation.operator;

import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.KubernetesVersionUpdate;
import cloud.gardener.apiserver.admission.validation.core.RotationRules;
import cloud.gardener.apiserver.api.operator.v1alpha1.CredentialsRotation;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code validateOperation} and {@code validateOperationContext} of Gardener's Garden validation: the
 * {@code gardener.cloud/operation} annotation holds known operations ({@code ;}-separated), compatible with each
 * other and the Kubernetes version, and a credentials rotation may only start or complete in the right phase and
 * not while the Garden is being deleted.
 */
final class GardenOperations {

    static final String ANNOTATION = "gardener.cloud/operation";
    static final String ROTATE_CREDENTIALS_START = "rotate-credentials-start";
    static final String ROTATE_CREDENTIALS_COMPLETE = "rotate-credentials-complete";
    static final String ROTATE_CA_START = "rotate-ca-start";
    static final String ROTATE_CA_COMPLETE = "rotate-ca-complete";
    static final String ROTATE_SA_KEY_START = "rotate-serviceaccount-key-start";
    static final String ROTATE_SA_KEY_COMPLETE = "rotate-serviceaccount-key-complete";
    static final String ROTATE_ETCD_KEY = "rotate-etcd-encryption-key";
    static final String ROTATE_ETCD_KEY_START = "rotate-etcd-encryption-key-start";
    static final String ROTATE_ETCD_KEY_COMPLETE = "rotate-etcd-encryption-key-complete";
    static final String ROTATE_OBSERVABILITY = "rotate-observability-credentials";
    static final String ROTATE_WI_KEY_START = "rotate-workload-identity-key-start";
    static final String ROTATE_WI_KEY_COMPLETE = "rotate-workload-identity-key-complete";
    /** {@code operatorv1alpha1.AvailableOperationAnnotations}, sorted as {@code sets.List} lists them. */
    static final List<String> AVAILABLE = List.copyOf(new TreeSet<>(List.of(
            "reconcile",
            ROTATE_CA_START,
            ROTATE_CA_COMPLETE,
            ROTATE_SA_KEY_START,
            ROTATE_SA_KEY_COMPLETE,
            ROTATE_ETCD_KEY,
            ROTATE_ETCD_KEY_START,
            ROTATE_ETCD_KEY_COMPLETE,
            ROTATE_OBSERVABILITY,
            ROTATE_CREDENTIALS_START,
            ROTATE_CREDENTIALS_COMPLETE,
            ROTATE_WI_KEY_START,
            ROTATE_WI_KEY_COMPLETE)));

    private GardenOperations() {}

    static List<FieldError> validate(GardenView g) {
        String value = g.annotations().getOrDefault(ANNOTATION, "");
        if (value.isEmpty()) {
            return List.of();
        }
        String path = FieldPath.of("metadata", "annotations").key(ANNOTATION).toString();
        Set<String> operations = new LinkedHashSet<>();
        Arrays.stream(value.split(";", -1)).map(String::trim).forEach(operations::add);
        boolean below134 = KubernetesVersionUpdate.below(g.kubernetesVersion(), 1, 34);
        List<FieldError> errs = new ArrayList<>();
        for (String op : operations) {
            if ((op.equals(ROTATE_ETCD_KEY_START) || op.equals(ROTATE_ETCD_KEY_COMPLETE)) && !below134) {
                errs.add(FieldError.forbidden(
                        path,
                        "for Kubernetes versions >= 1.34, operation '" + op + "' is no "
                                + "longer supported, please use 'rotate-etcd-encryption-key' instead, which performs a "
                                + "complete etcd encryption key rotation"));
            }
            if (!AVAILABLE.contains(op)) {
                errs.add(FieldError.notSupported(path, op, AVAILABLE));
            }
            if (op.equals(ROTATE_ETCD_KEY) && operations.contains(ROTATE_ETCD_KEY_START)) {
                errs.add(FieldError.forbidden(
                        path,
                        "operation '" + ROTATE_ETCD_KEY + "' is not permitted to be run " + "together with "
                                + ROTATE_ETCD_KEY_START + " operations"));
            }
        }
        errs.addAll(validateContext(operations, g, below134, path));
        return errs;
    }

    /** The phases of the four rotations, "" where there is none (Gardener's {@code helper.Get...RotationPhase}). */
    private record Phases(String ca, String serviceAccountKey, String etcdKey, String workloadIdentityKey) {

        static Phases of(CredentialsRotation r) {
            if (r == null) {
                return new Phases("", "", "", "");
            }
            return new Phases(
                    r.certificateAuthorities() == null
                            ? ""
                            : CoreRules.text(r.certificateAuthorities().phase()),
                    r.serviceAccountKey() == null
                            ? ""
                            : CoreRules.text(r.serviceAccountKey().phase()),
                    r.etcdEncryptionKey() == null
                            ? ""
                            : CoreRules.text(r.etcdEncryptionKey().phase()),
                    r.workloadIdentityKey() == null
                            ? ""
                            : CoreRules.text(r.workloadIdentityKey().phase()));
        }
    }

    private static List<FieldError> validateContext(
            Set<String> operations, GardenView g, boolean below134, String path) {
        Phases p = Phases.of(g.rotation());
        // an encryption configuration change is still rolling out while the status lags behind the spec
        Set<String> toEncrypt = new HashSet<>(resources(g.kubeAPIServerEncryption()));
        toEncrypt.addAll(resources(g.gardenerAPIServerEncryption()));
        boolean encryptionRollingOut = !toEncrypt.equals(new HashSet<>(g.encryptedResources()));
        boolean deleting = g.deleting();
        List<FieldError> errs = new ArrayList<>();
        RotationRules r = new RotationRules(errs, path);
        for (String op : operations) {
            switch (op) {
                case ROTATE_CREDENTIALS_START -> {
                    r.forbidIf(deleting, "cannot start rotation of all credentials if garden has deletion timestamp");
                    r.requireCompleted("rotation of all credentials", "certificateAuthorities", p.ca());
                    r.requireCompleted("rotation of all credentials", "serviceAccountKey", p.serviceAccountKey());
                    r.requireCompleted("rotation of all credentials", "etcdEncryptionKey", p.etcdKey());
                    r.requireCompleted("rotation of all credentials", "workloadIdentityKey", p.workloadIdentityKey());
                    r.forbidIf(
                            encryptionRollingOut,
                            "cannot start rotation of all credentials because a previous "
                                    + "encryption configuration change is currently being rolled out");
                }
                case ROTATE_CREDENTIALS_COMPLETE -> {
                    r.forbidIf(
                            deleting, "cannot complete rotation of all credentials if garden has deletion timestamp");
                    r.requirePrepared("rotation of all credentials", "certificateAuthorities", p.ca());
                    r.requirePrepared("rotation of all credentials", "serviceAccountKey", p.serviceAccountKey());
                    r.requirePrepared(below134, "rotation of all credentials", "etcdEncryptionKey", p.etcdKey());
                    r.requirePrepared("rotation of all credentials", "workloadIdentityKey", p.workloadIdentityKey());
                }
                case ROTATE_CA_START -> {
                    r.forbidIf(deleting, "cannot start CA rotation if garden has deletion timestamp");
                    r.requireCompleted("CA rotation", "certificateAuthorities", p.ca());
                }
                case ROTATE_CA_COMPLETE -> {
                    r.forbidIf(deleting, "cannot complete CA rotation if garden has deletion timestamp");
                    r.requirePrepared("CA rotation", "certificateAuthorities", p.ca());
                }
                case ROTATE_SA_KEY_START -> {
                    r.forbidIf(deleting, "cannot start service account key rotation if garden has deletion timestamp");
                    r.requireCompleted("service account key rotation", "serviceAccountKey", p.serviceAccountKey());
                }
                case ROTATE_SA_KEY_COMPLETE -> {
                    r.forbidIf(
                            deleting, "cannot complete service account key rotation if garden has deletion timestamp");
                    r.requirePrepared("service account key rotation", "serviceAccountKey", p.serviceAccountKey());
                }
                case ROTATE_ETCD_KEY_START, ROTATE_ETCD_KEY -> {
                    r.forbidIf(deleting, "cannot start ETCD encryption key rotation if garden has deletion timestamp");
                    r.requireCompleted("ETCD encryption key rotation", "etcdEncryptionKey", p.etcdKey());
                    r.forbidIf(
                            encryptionRollingOut,
                            "cannot start ETCD encryption key rotation because a previous "
                                    + "encryption configuration change is currently being rolled out");
                }
                case ROTATE_ETCD_KEY_COMPLETE -> {
                    r.forbidIf(
                            deleting, "cannot complete ETCD encryption key rotation if garden has deletion timestamp");
                    r.requirePrepared("ETCD encryption key rotation", "etcdEncryptionKey", p.etcdKey());
                }
                case ROTATE_OBSERVABILITY ->
                    r.forbidIf(
                            deleting,
                            "cannot start Observability credentials rotation if garden has deletion timestamp");
                case ROTATE_WI_KEY_START -> {
                    r.forbidIf(
                            deleting, "cannot start workload identity key rotation if garden has deletion timestamp");
                    r.requireCompleted(
                            "workload identity key rotation", "workloadIdentityKey", p.workloadIdentityKey());
                }
                case ROTATE_WI_KEY_COMPLETE -> {
                    r.forbidIf(
                            deleting,
                            "cannot complete workload identity key rotation if garden has deletion timestamp");
                    r.requirePrepared("workload identity key rotation", "workloadIdentityKey", p.workloadIdentityKey());
                }
                default -> {}
            }
        }
        return errs;
    }

    private static List<String> resources(cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig config) {
        return config == null || config.resources() == null ? List.of() : config.resources();
    }
}
