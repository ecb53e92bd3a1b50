package cloud.gardener.apiserver.admission.validation.security;

import cloud.gardener.apiserver.api.security.v1alpha1.ContextObject;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequest;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.NameFormats;
import java.util.ArrayList;
import java.util.List;

/**
 * Static validation of {@code security.gardener.cloud/v1alpha1} TokenRequests (the body of
 * {@code workloadidentities/token}), as Gardener's {@code ValidateTokenRequest}: a validity between ten minutes
 * and 2^32 seconds, and a context object, when given, with apiVersion, kind, a DNS-subdomain name and, if a
 * namespace is given at all, a non-empty DNS-subdomain namespace. A TokenRequest is never stored, so there are no
 * update rules.
 */
public final class TokenRequestValidator {

    static final long MIN_SECONDS = 10 * 60;
    static final long MAX_SECONDS = 1L << 32;
    private static final FieldPath SPEC = FieldPath.of("spec");

    public List<FieldError> validate(TokenRequest request) {
        List<FieldError> errs = new ArrayList<>();
        Long requested = request.spec() == null ? null : request.spec().expirationSeconds();
        long seconds = requested == null ? 0 : requested;
        String expiration = SPEC.child("expirationSeconds").toString();
        if (seconds < MIN_SECONDS) {
            errs.add(FieldError.invalid(expiration, seconds, "may not specify a duration shorter than 10 minutes"));
        }
        if (seconds > MAX_SECONDS) {
            errs.add(FieldError.invalid(expiration, seconds, "may not specify a duration longer than 2^32 seconds"));
        }
        ContextObject context = request.spec() == null ? null : request.spec().contextObject();
        if (context != null) {
            errs.addAll(validateContextObject(context, SPEC.child("contextObject")));
        }
        return errs;
    }

    private static List<FieldError> validateContextObject(ContextObject context, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (isEmpty(context.apiVersion())) {
            errs.add(FieldError.required(path.child("apiVersion").toString(), "must provide an apiVersion"));
        }
        if (isEmpty(context.kind())) {
            errs.add(FieldError.required(path.child("kind").toString(), "must provide a kind"));
        }
        String name = context.name() == null ? "" : context.name();
        if (name.isEmpty()) {
            errs.add(FieldError.required(path.child("name").toString(), "must provide a name"));
        }
        for (String message : NameFormats.dns1123Subdomain(name)) {
            errs.add(FieldError.invalid(path.child("name").toString(), name, message));
        }
        if (context.namespace() != null) {
            String namespace = context.namespace();
            if (namespace.isEmpty()) {
                errs.add(FieldError.required(path.child("namespace").toString(), "namespace name cannot be empty"));
            }
            for (String message : NameFormats.dns1123Subdomain(namespace)) {
                errs.add(FieldError.invalid(path.child("namespace").toString(), namespace, message));
            }
        }
        return errs;
    }

    private static boolean isEmpty(String value) {
        return value == null || value.isEmpty();
    }
}
