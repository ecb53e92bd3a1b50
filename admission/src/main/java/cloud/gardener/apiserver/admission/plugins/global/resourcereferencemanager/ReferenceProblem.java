package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

/**
 * Why a reference does not hold; the plugin answers it as {@code admission.NewForbidden(a, err)}, so the
 * message follows "is forbidden: ".
 */
final class ReferenceProblem extends RuntimeException {

    ReferenceProblem(String message) {
        super(message, null, false, false);
    }
}
