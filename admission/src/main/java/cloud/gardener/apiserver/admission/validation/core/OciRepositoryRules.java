package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;

/**
 * Core's {@code ValidateOCIRepository}, for a ControllerDeployment's Helm chart and a gardenlet's: either a ref alone,
 * or a repository with a tag or a sha256 digest.
 */
public final class OciRepositoryRules {

    private OciRepositoryRules() {}

    /**
     * The errors of an OCI repository reference at {@code path}. The fields forbidden beside a ref are reported in the
     * order of their names: Go walks a map, in no fixed order.
     */
    public static List<FieldError> validate(String ref, String repository, String tag, String digest, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (empty(ref) && empty(repository)) {
            errs.add(FieldError.required(path.toString(), "must provide either ref or repository"));
            return errs;
        }
        if (ref != null) {
            forbiddenBesideRef("digest", digest, path, errs);
            forbiddenBesideRef("repository", repository, path, errs);
            forbiddenBesideRef("tag", tag, path, errs);
            return errs;
        }
        if (empty(repository)) {
            errs.add(FieldError.required(path.child("repository").toString(), ""));
        }
        if (empty(tag) && empty(digest)) {
            errs.add(FieldError.required(path.toString(), "must provide either tag or digest"));
        }
        if (digest != null && !digest.startsWith("sha256:")) {
            errs.add(FieldError.invalid(path.child("digest").toString(), digest, "must start with 'sha256:'"));
        }
        return errs;
    }

    private static void forbiddenBesideRef(String name, String value, FieldPath path, List<FieldError> errs) {
        if (!empty(value)) {
            errs.add(FieldError.forbidden(path.child(name).toString(), "cannot provide " + name + " when ref is set"));
        }
    }
}
