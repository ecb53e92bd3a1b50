package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.authz.project.ProjectMemberAuthorizer;
import cloud.gardener.apiserver.registry.ResourceKeys;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * Projects as the standalone authorizer reads them: from the object cache (the Projects' watch cache, decoded once
 * per revision and kept in its memo: Projects are small and read on every request), never waiting; by namespace
 * through the Projects' namespace index.
 */
public final class CachedProjects implements ProjectMemberAuthorizer.Projects {

    private final ObjectCache cache;
    private final ResourceKeys projects;
    private final String root;

    /** @param projects where the projects live in storage (and so in the cache) */
    public CachedProjects(ObjectCache cache, ResourceKeys projects) {
        this.cache = cache;
        this.projects = projects;
        this.root = projects.all();
    }

    /**
     * The first Project in key order whose {@code spec.namespace} is {@code namespace}, looked up in the Projects'
     * namespace index ({@link Projects#NAMESPACE}, kept by the watch cache's attribute pass or the cache's own watch)
     * instead of a scan decoding every Project; a scan where the cache keeps no such index.
     */
    @Override
    public Optional<JsonNode> inNamespace(String namespace) {
        List<ObjectNode> candidates = cache.candidatesNow(root, Projects.NAMESPACE, namespace);
        List<ObjectNode> projects = candidates != null ? candidates : cache.listNow(root);
        // the index may still list a Project that has just left the namespace: tested as a scan tests them all
        return projects.stream()
                .filter(p -> namespace.equals(p.path("spec").path("namespace").asText()))
                .map(JsonNode.class::cast)
                .findFirst();
    }

    @Override
    public Optional<JsonNode> named(String name) {
        return Optional.ofNullable(cache.getNow(projects.object("", name)));
    }

    @Override
    public List<JsonNode> all() {
        return cache.listNow(root).stream().map(JsonNode.class::cast).toList();
    }
}
