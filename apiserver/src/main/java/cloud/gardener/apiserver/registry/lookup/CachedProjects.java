package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.authz.project.ProjectMemberAuthorizer;
import cloud.gardener.apiserver.registry.ResourceKeys;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** Projects as the standalone authorizer reads them: from the object cache, never waiting. */
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

    @Override
    public Optional<JsonNode> inNamespace(String namespace) {
        return cache.list(root).stream()
                .filter(p -> namespace.equals(p.path("spec").path("namespace").asText()))
                .map(JsonNode.class::cast)
                .findFirst();
    }

    @Override
    public Optional<JsonNode> named(String name) {
        return Optional.ofNullable(cache.get(projects.object("", name)));
    }

    @Override
    public List<JsonNode> all() {
        return cache.list(root).stream().map(JsonNode.class::cast).toList();
    }
}
