package cloud.gardener.apiserver.admission.validation.security;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentitySpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Static validation of {@code security.gardener.cloud/v1alpha1} WorkloadIdentities, as Gardener's
 * {@code ValidateWorkloadIdentity} and {@code ValidateWorkloadIdentityUpdate}: distinct non-empty audiences, one
 * target system type (immutable), and a {@code status.sub} claim that is exactly
 * {@code gardener.cloud:workloadidentity:<namespace>:<name>:<uid>}, ASCII and at most 255 characters.
 */
public final class WorkloadIdentityValidator implements Validator<WorkloadIdentity> {

    static final String SUB_PREFIX = "gardener.cloud:workloadidentity";
    static final String SUB_DELIMITER = ":";
    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final FieldPath SUB = FieldPath.of("status", "sub");

    @Override
    public List<FieldError> validate(WorkloadIdentity identity) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                identity.metadata(), true, ObjectMetaValidation.NAME_IS_DNS_SUBDOMAIN, METADATA));
        WorkloadIdentitySpec spec = identity.spec();
        errs.addAll(validateAudiences(spec == null ? null : spec.audiences(), FieldPath.of("spec", "audiences")));
        String type = targetType(identity);
        FieldPath typePath = FieldPath.of("spec", "targetSystem", "type");
        if (type.isEmpty()) {
            errs.add(FieldError.required(typePath.toString(), "must specify a provider type"));
        }
        if (type.split(",", -1).length > 1) {
            errs.add(FieldError.invalid(typePath.toString(), type, "multiple providers specified"));
        }
        errs.addAll(validateSubClaim(identity));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(WorkloadIdentity identity, WorkloadIdentity old) {
        List<FieldError> errs =
                new ArrayList<>(ObjectMetaValidation.validateUpdate(identity.metadata(), old.metadata(), METADATA));
        errs.addAll(ObjectMetaValidation.immutable(
                targetType(identity), targetType(old), FieldPath.of("spec", "targetSystem", "type")));
        errs.addAll(validate(identity));
        if (!sub(old).isEmpty()) {
            errs.addAll(ObjectMetaValidation.immutable(sub(identity), sub(old), SUB));
        }
        return errs;
    }

    private static List<FieldError> validateAudiences(List<String> audiences, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (audiences == null || audiences.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must provide at least one audience"));
            return errs;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < audiences.size(); i++) {
            String audience = audiences.get(i) == null ? "" : audiences.get(i);
            if (audience.isEmpty()) {
                errs.add(FieldError.required(path.index(i).toString(), "must specify non-empty audience"));
            }
            if (!seen.add(audience)) {
                errs.add(FieldError.duplicate(path.index(i).toString(), audience));
            }
        }
        return errs;
    }

    private static List<FieldError> validateSubClaim(WorkloadIdentity identity) {
        List<FieldError> errs = new ArrayList<>();
        String sub = sub(identity);
        if (sub.isEmpty()) {
            errs.add(FieldError.required(SUB.toString(), "must specify sub claim value"));
        }
        ObjectMeta meta = identity.metadata();
        String expected = String.join(
                SUB_DELIMITER,
                SUB_PREFIX,
                CoreRules.text(meta == null ? null : meta.namespace()),
                CoreRules.text(meta == null ? null : meta.name()),
                CoreRules.text(meta == null ? null : meta.uid()));
        if (!expected.equals(sub)) {
            errs.add(FieldError.invalid(
                    SUB.toString(), sub, "sub claim does not match expected value: " + GoQuote.quote(expected)));
        }
        // Go ranges over runes with their byte offsets.
        int byteIndex = 0;
        for (int i = 0; i < expected.length(); ) {
            int cp = expected.codePointAt(i);
            if (cp > 0x7F) {
                errs.add(FieldError.invalid(
                        SUB.toString(),
                        expected,
                        "sub claim contains non-ascii symbol('" + new String(Character.toChars(cp)) + "') at index "
                                + byteIndex));
            }
            byteIndex += new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            i += Character.charCount(cp);
        }
        int length = expected.getBytes(StandardCharsets.UTF_8).length;
        if (length > 255) {
            errs.add(FieldError.invalid(
                    SUB.toString(),
                    expected,
                    "sub claim is too long (" + length + "), it is allowed to be no more than 255 ASCII characters"));
        }
        return errs;
    }

    private static String targetType(WorkloadIdentity identity) {
        return identity.spec() == null
                        || identity.spec().targetSystem() == null
                        || identity.spec().targetSystem().type() == null
                ? ""
                : identity.spec().targetSystem().type();
    }

    private static String sub(WorkloadIdentity identity) {
        return identity.status() == null || identity.status().sub() == null
                ? ""
                : identity.status().sub();
    }
}
