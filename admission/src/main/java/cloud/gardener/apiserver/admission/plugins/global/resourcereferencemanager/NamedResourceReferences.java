package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.validation.GoQuote;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * The {@code spec.resources} of Shoots and Seeds: each reference must name a discoverable, namespaced kind,
 * the user must be allowed to read the object, and it must exist. Discovery is this server's: the resources
 * it serves (Gardener's and the standalone core group).
 */
final class NamedResourceReferences {

    private static final ResourceRegistry DISCOVERY = ResourceRegistry.standard(true);
    private static final CrossVersionObjectReference NO_REF = new CrossVersionObjectReference(null, null, null);

    private final References refs;

    NamedResourceReferences(References refs) {
        this.refs = refs;
    }

    Future<Void> check(
            Attributes a,
            String namespace,
            List<NamedResourceReference> oldResources,
            List<NamedResourceReference> resources) {
        if (resources == null || CoreRules.semanticEqual(oldResources, resources)) {
            return Future.succeededFuture();
        }
        return each(a, namespace, resources, 0);
    }

    private Future<Void> each(Attributes a, String namespace, List<NamedResourceReference> resources, int i) {
        if (i >= resources.size()) {
            return Future.succeededFuture();
        }
        NamedResourceReference resource = resources.get(i);
        CrossVersionObjectReference ref = resource.resourceRef() == null ? NO_REF : resource.resourceRef();
        String name = text(resource.name());
        String apiVersion = text(ref.apiVersion());
        String kind = text(ref.kind());
        String objectName = text(ref.name());
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        if (apiVersion.isEmpty()) {
            // client-go's discovery refuses to ask for an empty group version
            return BindingReferences.fail("groupVersion shouldn't be empty");
        }
        if (!DISCOVERY.servesGroupVersion(group, version)) {
            // ServerResourcesForGroupVersion answers 404 for a group version nobody serves.
            return BindingReferences.fail("the server could not find the requested resource");
        }
        Optional<ResourceType> type = DISCOVERY.resources(group, version).stream()
                .filter(t -> t.kind().equals(kind))
                .findFirst();
        if (type.isEmpty()) {
            return BindingReferences.fail("resource reference " + GoQuote.quote(name)
                    + " could not be resolved for API " + "resource with version " + GoQuote.quote(apiVersion)
                    + " and kind " + GoQuote.quote(kind));
        }
        if (!type.get().namespaced()) {
            return BindingReferences.fail("failed to resolve resource reference " + GoQuote.quote(name)
                    + ". Cannot reference a resource that is not namespaced");
        }
        return refs.mayGet(
                        a.user(),
                        group,
                        version,
                        type.get().plural(),
                        namespace,
                        objectName,
                        "resource reference",
                        "cannot reference a resource you are not allowed to read")
                .compose(v -> refs.dynamic(type.get().groupResource(), namespace, objectName)
                        .recover(e -> e instanceof ReferenceProblem p
                                ? BindingReferences.fail("failed to resolve resource reference " + GoQuote.quote(name)
                                        + ": " + p.getMessage())
                                : Future.failedFuture(e)))
                .compose(found -> each(a, namespace, resources, i + 1));
    }
}
