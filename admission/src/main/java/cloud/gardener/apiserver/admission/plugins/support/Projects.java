package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.RequestMemo;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ProjectForNamespaceFromLister}: the Project whose {@code spec.namespace} is a namespace. A cache miss is
 * confirmed by a live list, so that a Project created a moment ago is found (Gardener's lister would race).
 */
public final class Projects {

    /** The error text of a namespace without a Project ({@code NewNotFound(core.Resource("Project"), "<unknown>")}). */
    public static final String NOT_FOUND = "Project.core.gardener.cloud \"<unknown>\" not found";

    /**
     * By namespace, for every Shoot create and update (which asks for its namespace's Project) instead of a scan of a
     * landscape's Projects: a Project is filed under its {@code spec.namespace} as text (none while it is not set),
     * a lookup reads the namespace.
     */
    public static final ObjectIndex NAMESPACE = new ObjectIndex() {
        @Override
        public String name() {
            return "namespace";
        }

        @Override
        public List<String> paths() {
            return List.of("spec.namespace");
        }

        @Override
        public Set<String> terms(JsonNode project) {
            JsonNode namespace = project.path("spec").path("namespace");
            // any scalar as its text: a superset of what the checks match (text only)
            return namespace.isValueNode() && !namespace.isNull() ? Set.of(namespace.asText()) : Set.of();
        }

        @Override
        public Set<String> queryTerms(String namespace) {
            return Set.of(namespace);
        }
    };

    /** The indexes of Projects an admission cache keeps. */
    public static final List<ObjectIndex> INDEXES = List.of(NAMESPACE);

    private Projects() {}

    /** {@link #forNamespace(ObjectLookup, String)} once per request: the request's plugins share the answer. */
    public static Future<Optional<Project>> forNamespace(ObjectLookup objects, RequestMemo memo, String namespace) {
        return memo.once(new ProjectOf(namespace), () -> forNamespace(objects, namespace));
    }

    /** The key of a namespace's Project in a {@link RequestMemo}. */
    private record ProjectOf(String namespace) {}

    /** The project of the namespace, or empty when no project owns it. */
    public static Future<Optional<Project>> forNamespace(ObjectLookup objects, String namespace) {
        return objects.candidates(GardenerResources.PROJECTS, NAMESPACE, namespace)
                .compose(cached -> {
                    Optional<Project> hit = owning(objects, cached, namespace);
                    return hit.isPresent()
                            ? Future.succeededFuture(hit)
                            : objects.listLive(GardenerResources.PROJECTS, "")
                                    .map(live -> owning(objects, live, namespace));
                });
    }

    /**
     * The first Project (in list order) whose namespace is {@code namespace}, tested on its record. Only the Projects
     * the index files under the namespace are decoded: a live list holds every Project of the landscape.
     */
    private static Optional<Project> owning(ObjectLookup objects, List<ObjectNode> projects, String namespace) {
        return projects.stream()
                .filter(p -> NAMESPACE.terms(p).contains(namespace))
                .map(p -> objects.decode(p, Project.class))
                .filter(p -> p.spec() != null && namespace.equals(p.spec().namespace()))
                .findFirst();
    }
}
