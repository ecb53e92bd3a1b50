package cloud.gardener.apiserver.registry.lookup;

import cloud.gardener.apiserver.authz.project.ProjectMemberAuthorizer;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** Projects as the standalone authorizer reads them: from the object cache, never waiting. */
public final class CachedProjects implements ProjectMemberAuthorizer.Projects {

    private final ObjectCache cache;
    private final String root;

    /** @param prefix the server's key prefix */
    public CachedProjects(ObjectCache cache, String prefix) {
        this.cache = cache;
        this.root = prefix + "/core.gardener.cloud/projects/";
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
        return Optional.ofNullable(cache.get(root + name));
    }

    @Override
    public List<JsonNode> all() {
        return cache.list(root).stream().map(JsonNode.class::cast).toList();
    }
}
