package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.selection.SelectableView;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The relationships between objects that decide what a gardenlet may see, as Gardener's
 * {@code pkg/utils/graph}: vertices are objects (existing or only referenced), edges point from an object
 * to what it is used by, ending at Seeds. Each object of a {@link GraphResources graph resource}
 * contributes its edges; an update replaces them, a delete removes them, and a vertex exists while an edge
 * touches it. Thread-safe: the watches write under a write lock; the authorizer, asked by every event loop at once,
 * reads under the read lock, so lookups never wait for each other, only for a change being applied.
 */
public final class Graph implements GraphEvents {

    private record Source(GroupResource resource, String namespace, String name) {}

    private final Clock clock;
    private final Map<Source, Set<Edge>> contributions = new HashMap<>();
    /** Edge multiplicities: two objects may contribute the same edge. */
    private final Map<Vertex, Map<Vertex, Integer>> outgoing = new HashMap<>();

    private final Map<Vertex, Integer> degree = new HashMap<>();
    /**
     * Objects whose edges also depend on another object: ManagedSeeds and Gardenlets on the Seed of their
     * name (bootstrap edges), shoots with a managed issuer on their namespace's project label.
     */
    private final Map<Source, ObjectNode> dependents = new HashMap<>();

    private final Map<String, ObjectNode> seeds = new HashMap<>();
    private final Map<String, String> namespaceProjects = new HashMap<>();
    private final Set<GroupResource> synced = new HashSet<>();
    /** Read on every gardenlet request: set once, read without the lock. */
    private volatile boolean allSynced;

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final ObjectEdges.Context context = new ObjectEdges.Context() {
        @Override
        public Optional<ObjectNode> seed(String name) {
            return Optional.ofNullable(seeds.get(name));
        }

        @Override
        public String projectOf(String namespace) {
            return namespaceProjects.getOrDefault(namespace, "");
        }
    };

    private static final SelectableView SHOOT_VIEW = SelectableView.of(ObjectEdges.SHOOT_PATHS);

    /**
     * The part of a {@code resource}'s objects the graph reads, where that is much less than the whole object
     * (Shoots): a watch feeding the graph may hand it objects read through this view, so that every Shoot written is
     * not decoded whole for the graph, nor kept whole as a dependent.
     */
    public static Optional<SelectableView> view(GroupResource resource) {
        return GraphResources.SHOOTS.equals(resource) ? Optional.of(SHOOT_VIEW) : Optional.empty();
    }

    public Graph(Clock clock) {
        this.clock = clock;
    }

    public Graph() {
        this(Clock.systemUTC());
    }

    @Override
    public void upsert(GroupResource resource, ObjectNode object) {
        lock.writeLock().lock();
        try {
            upsertLocked(resource, object);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void upsertLocked(GroupResource resource, ObjectNode object) {
        Source source = source(resource, object);
        if (GraphResources.SEEDS.equals(resource)) {
            seeds.put(source.name(), object);
        } else if (GraphResources.NAMESPACES.equals(resource)) {
            namespaceProjects.put(
                    source.name(), JsonTrees.string(object, "metadata", "labels", ObjectEdges.PROJECT_NAME_LABEL));
        }
        if (isDependent(resource, object)) {
            dependents.put(source, object);
        } else {
            dependents.remove(source);
        }
        contribute(source, ObjectEdges.of(resource, object, context, clock.instant()));
        recomputeDependentsOf(resource, source.name());
    }

    @Override
    public void delete(GroupResource resource, ObjectNode object) {
        lock.writeLock().lock();
        try {
            deleteLocked(resource, object);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void deleteLocked(GroupResource resource, ObjectNode object) {
        Source source = source(resource, object);
        contribute(source, Set.of());
        dependents.remove(source);
        if (GraphResources.SEEDS.equals(resource)) {
            seeds.remove(source.name());
        } else if (GraphResources.NAMESPACES.equals(resource)) {
            namespaceProjects.remove(source.name());
        }
        recomputeDependentsOf(resource, source.name());
    }

    @Override
    public void replace(GroupResource resource, Collection<ObjectNode> objects) {
        lock.writeLock().lock();
        try {
            replaceLocked(resource, objects);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void replaceLocked(GroupResource resource, Collection<ObjectNode> objects) {
        for (Source source : new ArrayList<>(contributions.keySet())) {
            if (source.resource().equals(resource)) {
                contribute(source, Set.of());
            }
        }
        dependents.keySet().removeIf(source -> source.resource().equals(resource));
        if (GraphResources.SEEDS.equals(resource)) {
            seeds.clear();
        } else if (GraphResources.NAMESPACES.equals(resource)) {
            namespaceProjects.clear();
        }
        objects.forEach(object -> upsertLocked(resource, object));
        if (GraphResources.SEEDS.equals(resource) || GraphResources.NAMESPACES.equals(resource)) {
            // objects that are gone were not upserted: recompute everything that depended on them
            for (Source dependent : new ArrayList<>(dependents.keySet())) {
                recompute(dependent);
            }
        }
        synced.add(resource);
        allSynced = synced.containsAll(GraphResources.ALL);
    }

    /** Whether every graph resource has been listed at least once. */
    public boolean isSynced() {
        return allSynced;
    }

    public boolean hasVertex(Vertex vertex) {
        lock.readLock().lock();
        try {
            return degree.containsKey(vertex);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Whether {@code to} can be reached from {@code from} along the edges (depth first). */
    public boolean hasPath(Vertex from, Vertex to) {
        lock.readLock().lock();
        try {
            return hasPathLocked(from, to);
        } finally {
            lock.readLock().unlock();
        }
    }

    private boolean hasPathLocked(Vertex from, Vertex to) {
        if (!degree.containsKey(from) || !degree.containsKey(to)) {
            return false;
        }
        Set<Vertex> seen = new HashSet<>();
        Deque<Vertex> stack = new ArrayDeque<>();
        stack.push(from);
        while (!stack.isEmpty()) {
            Vertex current = stack.pop();
            if (current.equals(to)) {
                return true;
            }
            if (seen.add(current)) {
                stack.addAll(outgoing.getOrDefault(current, Map.of()).keySet());
            }
        }
        return false;
    }

    /** The edges leaving {@code vertex} (for tests and debugging). */
    public List<Vertex> successors(Vertex vertex) {
        lock.readLock().lock();
        try {
            return List.copyOf(outgoing.getOrDefault(vertex, Map.of()).keySet());
        } finally {
            lock.readLock().unlock();
        }
    }

    private static boolean isDependent(GroupResource resource, ObjectNode object) {
        return GraphResources.MANAGED_SEEDS.equals(resource)
                || GraphResources.GARDENLETS.equals(resource)
                || (GraphResources.SHOOTS.equals(resource) && ObjectEdges.hasManagedIssuer(object));
    }

    /** After a Seed or Namespace changed: the objects whose edges depend on it. */
    private void recomputeDependentsOf(GroupResource resource, String name) {
        boolean seed = GraphResources.SEEDS.equals(resource);
        if (!seed && !GraphResources.NAMESPACES.equals(resource)) {
            return;
        }
        for (Source dependent : new ArrayList<>(dependents.keySet())) {
            boolean shoot = GraphResources.SHOOTS.equals(dependent.resource());
            if (seed
                    ? !shoot && dependent.name().equals(name)
                    : shoot && dependent.namespace().equals(name)) {
                recompute(dependent);
            }
        }
    }

    private void recompute(Source dependent) {
        ObjectNode object = dependents.get(dependent);
        contribute(dependent, ObjectEdges.of(dependent.resource(), object, context, clock.instant()));
    }

    private static Source source(GroupResource resource, ObjectNode object) {
        return new Source(
                resource,
                JsonTrees.string(object, "metadata", "namespace"),
                JsonTrees.string(object, "metadata", "name"));
    }

    private void contribute(Source source, Set<Edge> edges) {
        Set<Edge> previous = contributions.remove(source);
        if (previous != null) {
            previous.forEach(this::removeEdge);
        }
        if (!edges.isEmpty()) {
            contributions.put(source, Set.copyOf(edges));
            edges.forEach(this::addEdge);
        }
    }

    private void addEdge(Edge edge) {
        outgoing.computeIfAbsent(edge.from(), v -> new HashMap<>()).merge(edge.to(), 1, Integer::sum);
        degree.merge(edge.from(), 1, Integer::sum);
        degree.merge(edge.to(), 1, Integer::sum);
    }

    private void removeEdge(Edge edge) {
        Map<Vertex, Integer> targets = outgoing.get(edge.from());
        if (targets != null) {
            targets.computeIfPresent(edge.to(), (v, n) -> n == 1 ? null : n - 1);
            if (targets.isEmpty()) {
                outgoing.remove(edge.from());
            }
        }
        degree.computeIfPresent(edge.from(), (v, n) -> n == 1 ? null : n - 1);
        degree.computeIfPresent(edge.to(), (v, n) -> n == 1 ? null : n - 1);
    }
}
