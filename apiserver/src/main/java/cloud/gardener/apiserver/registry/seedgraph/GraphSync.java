package cloud.gardener.apiserver.registry.seedgraph;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.authz.seed.GraphEvents;
import cloud.gardener.apiserver.authz.seed.GraphResources;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.lookup.RemoteCoreObjects;
import cloud.gardener.apiserver.registry.lookup.RemoteInformer;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the seed authorization graph current from the server's own storage (and, in cluster mode, from the virtual
 * garden's informers for namespaces, secrets and config maps), as Gardener's graph does from
 * informers: per graph resource a list, then a watch from the list's revision. A watch that fails (410 when
 * its revision was compacted, or any other error) is replaced by a fresh list and watch after a short
 * pause; the list replaces what the graph held for the resource, so nothing is missed or left behind.
 */
public final class GraphSync {

    private static final Logger LOG = LoggerFactory.getLogger(GraphSync.class);
    static final long RETRY_MS = 500;

    private final Vertx vertx;
    private final Registry registry;
    private final GraphEvents graph;
    private final RemoteCoreObjects remote;
    private final List<Resource> resources = new ArrayList<>();
    private volatile boolean stopped;

    /** @param remote in cluster mode the virtual garden's namespaces, secrets and config maps, else null */
    public GraphSync(Vertx vertx, Registry registry, GraphEvents graph, RemoteCoreObjects remote) {
        this.vertx = vertx;
        this.registry = registry;
        this.graph = graph;
        this.remote = remote;
    }

    /** Starts listing and watching every graph resource the registry serves or the virtual garden holds. */
    public void start() {
        for (GroupResource resource : GraphResources.ALL) {
            Optional<GenericStore> store = registry.store(resource.group(), resource.resource());
            Optional<RemoteInformer> informer = remote == null ? Optional.empty() : remote.informer(resource);
            if (store.isPresent()) {
                Resource r = new Resource(resource, store.get());
                resources.add(r);
                r.listAndWatch();
            } else if (informer.isPresent()) {
                informer.get().addListener(new RemoteInformer.Listener() {
                    @Override
                    public void replaced(Collection<ObjectNode> objects) {
                        graph.replace(resource, objects);
                    }

                    @Override
                    public void changed(ObjectNode object) {
                        graph.upsert(resource, object);
                    }

                    @Override
                    public void deleted(ObjectNode object) {
                        graph.delete(resource, object);
                    }
                });
            } else {
                graph.replace(resource, List.of()); // not served: nothing to relate
            }
        }
    }

    public void stop() {
        stopped = true;
        resources.forEach(Resource::close);
    }

    /** One resource's list-then-watch loop. */
    private final class Resource implements WatchListener {

        private final GroupResource resource;
        private final GenericStore store;
        private WatchSubscription subscription;

        Resource(GroupResource resource, GenericStore store) {
            this.resource = resource;
            this.store = store;
        }

        void listAndWatch() {
            if (stopped) {
                return;
            }
            store.list("", ListQuery.all()).onComplete(ar -> {
                if (ar.failed()) {
                    LOG.warn(
                            "seed graph: listing {} failed, retrying: {}",
                            resource,
                            ar.cause().getMessage());
                    retry();
                    return;
                }
                graph.replace(resource, ar.result().items());
                synchronized (this) {
                    if (!stopped) {
                        subscription = store.watch("", ar.result().revision(), this);
                    }
                }
            });
        }

        @Override
        public void onEvent(WatchEvent event) {
            try {
                if (event.type() == WatchEvent.Type.DELETE) {
                    graph.delete(resource, store.decode(event.object()));
                } else {
                    graph.upsert(resource, store.decode(event.object()));
                }
            } catch (RuntimeException e) {
                LOG.warn("seed graph: cannot apply {} event for {}: {}", resource, event.key(), e.getMessage());
            }
        }

        @Override
        public void onProgress(long revision) {
            // nothing to do: events arrive in order
        }

        @Override
        public void onError(StorageException error) {
            if (error.reason() == StorageException.Reason.COMPACTED) {
                LOG.info("seed graph: watch of {} expired (410), relisting", resource);
            } else {
                LOG.warn("seed graph: watch of {} failed, relisting: {}", resource, error.getMessage());
            }
            close();
            retry();
        }

        private void retry() {
            if (!stopped) {
                vertx.setTimer(RETRY_MS, id -> listAndWatch());
            }
        }

        synchronized void close() {
            if (subscription != null) {
                subscription.close();
                subscription = null;
            }
        }
    }
}
