package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.resource.Subresource;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The group, version and kind a request body declares, defaulted from the endpoint and checked against it as
 * k8s.io/apiserver's decoding does. The JSON and YAML serializers read {@code apiVersion} and {@code kind}, fill in
 * whatever is empty from the request's kind ({@code gvkWithDefaults}), and decode into the endpoint's type; so a
 * body without {@code kind} or {@code apiVersion} (the Python client's, a curl user's) is the endpoint's kind. A body
 * that names another kind is refused with the decoder's own message, framed by the handler
 * ({@code transformDecodeError}); a body of the endpoint's kind in another served version decodes but fails the
 * create and update handlers' group-version check.
 */
public final class BodyKind {

    /** kube-apiserver's scheme, as its decoder names it. */
    private static final String KUBE_SCHEME = "pkg/api/legacyscheme/scheme.go:30";
    /** gardener-apiserver's scheme (the {@code Scheme} variable of its {@code pkg/api} package). */
    private static final String GARDENER_SCHEME = "github.com/gardener/gardener/pkg/api/scheme.go:25";

    private static final Set<GroupVersionKind> REGISTERED = registered();

    private BodyKind() {}

    /**
     * Defaults an object body's apiVersion and kind from {@code expected} and checks what it declared: afterwards
     * the body carries {@code expected}'s apiVersion and kind.
     *
     * @throws ApiException 400 with upstream's message when the body names another kind, or the kind in another
     *                      version
     */
    public static void resolve(ObjectNode body, GroupVersionKind expected) {
        GroupVersionKind actual = withDefaults(declared(body), expected);
        if (!actual.equals(expected)) {
            if (sameGroupKind(actual, expected) && REGISTERED.contains(actual)) {
                throw ApiException.badRequest("the API version in the data (" + actual.apiVersion()
                        + ") does not match the expected API version (" + expected.apiVersion() + ")");
            }
            throw ApiException.badRequest(actual.kind() + " in version " + GoQuote.quote(actual.version())
                    + " cannot be handled as a " + expected.kind() + ": " + decodeError(body, actual, expected));
        }
        stamp(body, expected);
    }

    /**
     * The same for the result of a JSON or merge patch, which Go decodes into the endpoint's type with that type as
     * the only default: another kind is 422 Invalid on {@code patch}, with {@code shown} as its value. (A strategic
     * merge patch is converted into the type without reading apiVersion and kind.) The kind in another served
     * version keeps the group-version check of a write, where Go would convert it.
     */
    public static void resolvePatched(ObjectNode patched, GroupVersionKind expected, Supplier<String> shown) {
        GroupVersionKind actual = withDefaults(declared(patched), expected);
        if (!actual.equals(expected) && !(sameGroupKind(actual, expected) && REGISTERED.contains(actual))) {
            throw ApiException.invalid(
                    new GroupVersionKind("", "", ""),
                    "",
                    List.of(FieldError.invalid("patch", shown.get(), decodeError(patched, actual, expected))));
        }
        resolve(patched, expected);
    }

    /** {@code schema.FromAPIVersionAndKind}: an apiVersion that does not parse counts as empty. */
    static GroupVersionKind declared(ObjectNode body) {
        String apiVersion = JsonTrees.text(body, "apiVersion");
        String kind = JsonTrees.text(body, "kind");
        int slash = apiVersion.indexOf('/');
        if (slash < 0) {
            return new GroupVersionKind("", apiVersion, kind);
        }
        if (apiVersion.indexOf('/', slash + 1) >= 0) {
            return new GroupVersionKind("", "", kind);
        }
        return new GroupVersionKind(apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind);
    }

    /** {@code gvkWithDefaults}: an empty kind, an empty group and version, or an empty version of the same group. */
    static GroupVersionKind withDefaults(GroupVersionKind actual, GroupVersionKind defaults) {
        String kind = actual.kind().isEmpty() ? defaults.kind() : actual.kind();
        String group = actual.group();
        String version = actual.version();
        if (version.isEmpty() && group.isEmpty()) {
            group = defaults.group();
            version = defaults.version();
        }
        if (version.isEmpty() && group.equals(defaults.group())) {
            version = defaults.version();
        }
        return new GroupVersionKind(group, version, kind);
    }

    private static boolean sameGroupKind(GroupVersionKind a, GroupVersionKind b) {
        return a.group().equals(b.group()) && a.kind().equals(b.kind());
    }

    /**
     * What the serializer and the converter answer for a body of {@code actual} decoded into {@code expected}'s
     * internal type: an empty version, a kind the endpoint's scheme does not know, or a known kind without a
     * conversion.
     */
    private static String decodeError(ObjectNode body, GroupVersionKind actual, GroupVersionKind expected) {
        if (actual.version().isEmpty()) {
            // apiVersion named another group without a version ("other.group/")
            return "Object 'apiVersion' is missing in '" + Json.toJson(body) + "'";
        }
        boolean kube = expected.group().isEmpty();
        if (!REGISTERED.contains(actual) || actual.group().isEmpty() != kube) {
            return "no kind " + GoQuote.quote(actual.kind()) + " is registered for version "
                    + GoQuote.quote(actual.apiVersion()) + " in scheme "
                    + GoQuote.quote(kube ? KUBE_SCHEME : GARDENER_SCHEME);
        }
        return "converting (" + goPackage(actual.group(), actual.version()) + ") " + actual.kind() + " to ("
                + goPackage(expected.group(), "") + ") " + expected.kind() + ": unknown conversion";
    }

    /** The Go package of a group's version ({@code ""}: the internal version). */
    private static String goPackage(String group, String version) {
        String base;
        if (group.endsWith(".gardener.cloud")) {
            base = "github.com/gardener/gardener/pkg/apis/" + group.substring(0, group.indexOf('.'));
            return version.isEmpty() ? base : base + "/" + version;
        }
        String name = group.isEmpty() ? "core" : group.split("\\.", 2)[0];
        return version.isEmpty() ? "k8s.io/kubernetes/pkg/apis/" + name : "k8s.io/api/" + name + "/" + version;
    }

    private static void stamp(ObjectNode body, GroupVersionKind gvk) {
        body.put("apiVersion", gvk.apiVersion());
        body.put("kind", gvk.kind());
    }

    /** The kinds the schemes know, as far as this server serves them: every kind and list kind, subresource bodies. */
    private static Set<GroupVersionKind> registered() {
        Set<GroupVersionKind> kinds = new HashSet<>();
        for (ResourceType type : ResourceRegistry.standard(true).resources()) {
            for (String version : type.versions()) {
                kinds.add(type.gvk(version));
                kinds.add(new GroupVersionKind(type.group(), version, type.listKind()));
                for (Subresource sub : type.subresources()) {
                    Optional.ofNullable(sub.responseKind()).ifPresent(kinds::add);
                }
            }
        }
        kinds.add(StandardResources.SCALE);
        return Set.copyOf(kinds);
    }
}
