package cloud.gardener.apiserver.authz.seed;

import java.util.Map;
import java.util.Set;

/**
 * How requests of a seed client for one resource are checked, as the options of Gardener's
 * {@code RequestAuthorizer.Check}.
 *
 * @param vertexType          the requested object's vertex type
 * @param allowedVerbs        verbs allowed when a graph path to the client's Seed exists
 * @param alwaysAllowedVerbs  verbs allowed without a graph check (creates, the gardenlet's own watches)
 * @param subresources        allowed subresources (none: only the main resource)
 * @param namespaces          allowed namespaces (none: any)
 * @param fieldSelectors      list/watch field selectors that identify the client's objects (OR-ed)
 * @param labelSelectors      list/watch label selectors that identify the client's objects (OR-ed)
 */
record AccessRule(
        VertexType vertexType,
        Set<String> allowedVerbs,
        Set<String> alwaysAllowedVerbs,
        Set<String> subresources,
        Set<String> namespaces,
        Map<String, String> fieldSelectors,
        Map<String, String> labelSelectors) {

    static AccessRule of(VertexType vertexType) {
        return new AccessRule(vertexType, Set.of(), Set.of(), Set.of(), Set.of(), Map.of(), Map.of());
    }

    /** get, list and watch through the graph. */
    static AccessRule read(VertexType vertexType) {
        return of(vertexType).verbs("get", "list", "watch");
    }

    AccessRule verbs(String... verbs) {
        return new AccessRule(
                vertexType,
                Set.of(verbs),
                alwaysAllowedVerbs,
                subresources,
                namespaces,
                fieldSelectors,
                labelSelectors);
    }

    AccessRule always(String... verbs) {
        return new AccessRule(
                vertexType, allowedVerbs, Set.of(verbs), subresources, namespaces, fieldSelectors, labelSelectors);
    }

    AccessRule subresources(String... names) {
        return new AccessRule(
                vertexType,
                allowedVerbs,
                alwaysAllowedVerbs,
                Set.of(names),
                namespaces,
                fieldSelectors,
                labelSelectors);
    }

    AccessRule namespaces(String... names) {
        return new AccessRule(
                vertexType,
                allowedVerbs,
                alwaysAllowedVerbs,
                subresources,
                Set.of(names),
                fieldSelectors,
                labelSelectors);
    }

    AccessRule fieldSelector(String field, String value) {
        return new AccessRule(
                vertexType,
                allowedVerbs,
                alwaysAllowedVerbs,
                subresources,
                namespaces,
                Map.of(field, value),
                labelSelectors);
    }

    AccessRule labelSelector(String key, String value) {
        return new AccessRule(
                vertexType,
                allowedVerbs,
                alwaysAllowedVerbs,
                subresources,
                namespaces,
                fieldSelectors,
                Map.of(key, value));
    }
}
