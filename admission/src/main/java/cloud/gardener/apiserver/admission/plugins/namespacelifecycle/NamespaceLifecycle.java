package cloud.gardener.apiserver.admission.plugins.namespacelifecycle;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.api.k8s.corev1.Namespace;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import io.vertx.core.Future;
import java.util.Set;

/**
 * kube-apiserver's NamespaceLifecycle: no new content in a missing (404) or terminating (403)
 * namespace, and the immortal namespaces cannot be deleted. Upstream decides in {@code Admit}, so it answers
 * before every later plugin, in the mutating phase.
 */
public final class NamespaceLifecycle extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "NamespaceLifecycle";
    private static final GroupResource NAMESPACES = new GroupResource("", "namespaces");
    private static final Set<String> IMMORTAL = Set.of("default", "kube-system", "kube-public");

    /** How long creates in a namespace just deleted read it live, as upstream's {@code forceLiveLookupTTL}. */
    private static final long FORCE_LIVE_LOOKUP_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(30);

    private final ObjectLookup objects;
    /** Namespaces deleted recently, with the time their live lookups end: the cache may not show it yet. */
    private final java.util.Map<String, Long> forceLiveLookup = new java.util.concurrent.ConcurrentHashMap<>();

    public NamespaceLifecycle(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.DELETE);
        this.objects = context.objects();
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        boolean isNamespace = a.resource().equals(NAMESPACES) && a.subresource().isEmpty();
        if (a.operation() == Operation.DELETE) {
            if (isNamespace && IMMORTAL.contains(a.name())) {
                return Future.failedFuture(
                        ApiException.forbidden(NAMESPACES, a.name(), "this namespace may not be deleted"));
            }
            if (isNamespace) {
                forceLiveLookup.put(a.name(), System.nanoTime() + FORCE_LIVE_LOOKUP_NANOS);
            }
            return Mutation.none();
        }
        if (isNamespace || a.namespace().isEmpty()) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        return namespace(a.namespace()).compose(ns -> {
            if (ns.isEmpty()) {
                return Future.failedFuture(ApiException.notFound(NAMESPACES, a.namespace()));
            }
            Namespace namespace = ns.get();
            boolean terminating = (namespace.status() != null
                            && "Terminating".equals(namespace.status().phase()))
                    || (namespace.metadata() != null && namespace.metadata().deletionTimestamp() != null);
            if (terminating) {
                return Future.failedFuture(ApiException.forbidden(
                        a.resource(),
                        a.name(),
                        "unable to create new content in namespace " + a.namespace()
                                + " because it is being terminated"));
            }
            return Mutation.none();
        });
    }

    /** The namespace from the cache, or live while it was deleted within the last 30 s. */
    private Future<java.util.Optional<Namespace>> namespace(String name) {
        Long until = forceLiveLookup.get(name);
        if (until == null || System.nanoTime() - until > 0) {
            if (until != null) {
                forceLiveLookup.remove(name, until);
            }
            return objects.get(Namespace.class, NAMESPACES, "", name);
        }
        return objects.listLive(NAMESPACES, "")
                .map(all -> all.stream()
                        .map(tree -> objects.decode(tree, Namespace.class))
                        .filter(ns -> ns.metadata() != null
                                && name.equals(ns.metadata().name()))
                        .findFirst());
    }
}
