package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/**
 * Resolves references for the ResourceReferenceManager. The texts of missing objects are those Gardener's
 * sources produce: its listers name the resource in the singular ({@code seed.core.gardener.cloud "x" not
 * found}), its live clients in the plural as the server answers ({@code secrets "x" not found}).
 */
final class References {

    private final ObjectLookup objects;
    private final Authorizer authorizer;

    References(ObjectLookup objects, Authorizer authorizer) {
        this.objects = objects;
        this.authorizer = authorizer;
    }

    ObjectLookup objects() {
        return objects;
    }

    /** An object Gardener reads from its lister only. */
    Future<ObjectNode> fromLister(GroupResource resource, String singular, String namespace, String name) {
        return find(resource, namespace, name, singular + (resource.group().isEmpty() ? "" : "." + resource.group()));
    }

    /**
     * An object Gardener reads from its lister, then after a short wait again, then live with a typed client, whose
     * request refuses an empty name before asking the server.
     */
    Future<ObjectNode> live(GroupResource resource, String namespace, String name) {
        return name.isEmpty()
                ? BindingReferences.fail("resource name may not be empty")
                : find(resource, namespace, name, resource.toString());
    }

    /** An object Gardener reads with its dynamic client only, which refuses an empty name before asking. */
    Future<ObjectNode> dynamic(GroupResource resource, String namespace, String name) {
        return name.isEmpty()
                ? BindingReferences.fail("name is required")
                : find(resource, namespace, name, resource.toString());
    }

    private Future<ObjectNode> find(GroupResource resource, String namespace, String name, String printed) {
        return objects.get(resource, namespace, name)
                .compose(found -> found.isPresent()
                        ? Future.succeededFuture(found.get())
                        : Future.failedFuture(new ReferenceProblem(printed + " \"" + name + "\" not found")));
    }

    Future<ObjectNode> seed(String name) {
        return fromLister(GardenerResources.SEEDS, "seed", "", name);
    }

    Future<ObjectNode> secret(String namespace, String name) {
        return live(GardenerResources.SECRETS, namespace, name);
    }

    Future<ObjectNode> workloadIdentity(String namespace, String name) {
        return live(GardenerResources.WORKLOAD_IDENTITIES, namespace, name);
    }

    /**
     * Asks the authorizer whether the user may {@code get} the object; fails with {@code deniedMessage} when
     * not allowed and with "could not authorize..." when the authorizer cannot decide.
     */
    Future<Void> mayGet(
            UserInfo user,
            String group,
            String version,
            String resource,
            String namespace,
            String name,
            String what,
            String deniedMessage) {
        Attributes request = new Attributes(user, "get", true, "", group, version, namespace, resource, "", name);
        return authorizer
                .authorize(request)
                .recover(e -> Future.failedFuture(
                        new ReferenceProblem("could not authorize read request for " + what + ": " + e.getMessage())))
                .compose(decision -> decision.isAllowed()
                        ? Future.succeededFuture()
                        : Future.failedFuture(new ReferenceProblem(deniedMessage)));
    }
}
