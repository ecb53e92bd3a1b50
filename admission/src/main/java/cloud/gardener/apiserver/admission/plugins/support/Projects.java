package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import io.vertx.core.Future;
import java.util.Optional;

/** {@code ProjectForNamespaceFromLister}: the Project whose {@code spec.namespace} is a namespace. */
public final class Projects {

    /** The error text of a namespace without a Project ({@code NewNotFound(core.Resource("Project"), "<unknown>")}). */
    public static final String NOT_FOUND = "Project.core.gardener.cloud \"<unknown>\" not found";

    private Projects() {
    }

    /** The project of the namespace, or empty when no project owns it. */
    public static Future<Optional<Project>> forNamespace(ObjectLookup objects, String namespace) {
        return objects.list(Project.class, GardenerResources.PROJECTS, "").map(projects -> projects.stream()
                .filter(p -> p.spec() != null && namespace.equals(p.spec().namespace()))
                .findFirst());
    }
}
