package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * {@code ProjectForNamespaceFromLister}: the Project whose {@code spec.namespace} is a namespace. A cache miss is
 * confirmed by a live list, so that a Project created a moment ago is found (Gardener's lister would race).
 */
public final class Projects {

    /** The error text of a namespace without a Project ({@code NewNotFound(core.Resource("Project"), "<unknown>")}). */
    public static final String NOT_FOUND = "Project.core.gardener.cloud \"<unknown>\" not found";

    private Projects() {}

    /** The project of the namespace, or empty when no project owns it. */
    public static Future<Optional<Project>> forNamespace(ObjectLookup objects, String namespace) {
        return objects.list(GardenerResources.PROJECTS, "")
                .compose(cached -> {
                    Optional<ObjectNode> hit = owning(cached, namespace);
                    return hit.isPresent()
                            ? Future.succeededFuture(hit)
                            : objects.listLive(GardenerResources.PROJECTS, "").map(live -> owning(live, namespace));
                })
                .map(found ->
                        found.map(tree -> ModelCodec.decode(tree, Project.class).value()));
    }

    private static Optional<ObjectNode> owning(List<ObjectNode> projects, String namespace) {
        return projects.stream()
                .filter(p -> namespace.equals(p.path("spec").path("namespace").asText(null)))
                .findFirst();
    }
}
