package cloud.gardener.apiserver.registry.credentials;

/**
 * The NotFound texts of Gardener's informer listers, which name the resource in the singular
 * ({@code internalsecret.core.gardener.cloud "x" not found}, {@code configmap "x" not found}): the credential
 * subresources read through listers and wrap these texts into their own errors.
 */
final class NotFoundMessages {

    private NotFoundMessages() {}

    static String of(String singular, String group, String name) {
        return (group.isEmpty() ? singular : singular + "." + group) + " \"" + name + "\" not found";
    }
}
