package cloud.gardener.apiserver.registry.seedgraph;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.selection.SelectableView;
import cloud.gardener.apiserver.authz.seed.GraphEvents;
import cloud.gardener.apiserver.authz.seed.GraphResources;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.StoreWatch;
import cloud.gardener.apiserver.registry.lookup.RemoteCoreObjects;
import cloud.gardener.apiserver.registry.lookup.RemoteInformer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the seed authorization graph current from the server's own storage (and, in cluster mode, from the virtual
 * garden's informers for namespaces, secrets and config maps), as Gardener's graph does from informers: per graph
 * resource a {@link StoreWatch}, which lists and watches through the store's reads (the resource's watch cache where
 * it has one: no list or watch of storage of its own), decodes large objects off the event loop, and after a failed
 * watch (410 when its revision was compacted, or any other error) lists again after a short pause; the list replaces
 * what the graph held for the resource, so nothing is missed or left behind. The graph keeps only its vertices and
 * edges.
 */
public final class GraphSync {

    private final Vertx vertx;
    private final Registry registry;
    private final GraphEvents graph;
    private final RemoteCoreObjects remote;
    private final List<StoreWatch> watches = new ArrayList<>();

    /** @param remote in cluster mode the virtual garden's namespaces, secrets and config maps, else null */
    public GraphSync(Vertx vertx, Registry registry, GraphEvents graph, RemoteCoreObjects remote) {
        this.vertx = vertx;
        this.registry = registry;
        this.graph = graph;
        this.remote = remote;
    }

    /** Starts listing and watching every graph resource the registry serves or the virtual garden holds. */
    public void start() {
        Context context = vertx.getOrCreateContext();
        for (GroupResource resource : GraphResources.ALL) {
            Optional<GenericStore> store = registry.store(resource.group(), resource.resource());
            Optional<RemoteInformer> informer = remote == null ? Optional.empty() : remote.informer(resource);
            if (store.isPresent()) {
                List<String> reads = GraphResources.reads(resource);
                // a Shoot's edges read a few references: the rest of each one is not decoded
                SelectableView view = reads.isEmpty() ? null : SelectableView.of(reads);
                StoreWatch watch = new StoreWatch(vertx, store.get(), view, new StoreWatch.Handler() {
                    @Override
                    public void listed(List<ObjectNode> objects) {
                        graph.replace(resource, objects);
                    }

                    @Override
                    public void changed(ObjectNode object, ObjectNode previous) {
                        graph.upsert(resource, object);
                    }

                    @Override
                    public void deleted(ObjectNode last) {
                        graph.delete(resource, last);
                    }
                });
                watches.add(watch);
                watch.start(context);
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
        watches.forEach(StoreWatch::stop);
    }
}
