package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.api.meta.GroupResource;
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

/**
 * The relationships between objects that decide what a gardenlet may see, as Gardener's
 * {@code pkg/utils/graph}: vertices are objects (existing or only referenced), edges point from an object
 * to what it is used by, ending at Seeds. Each object of a {@link GraphResources graph resource}
 * contributes its edges; an update replaces them, a delete removes them, and a vertex exists while an edge
 * touches it. Thread-safe; all methods take one lock and are short.
 */
public final class Graph implements GraphEvents {

    private record Source(GroupResource resource, String namespace, String name) {
    }

    private final Clock clock;
    private final Map<Source, Set<Edge>> contributions = new HashMap<>();
    /** Edge multiplicities: two objects may contribute the same edge. */
    private final Map<Vertex, Map<Vertex, Integer>> outgoing = new HashMap<>();
    private final Map<Vertex, Integer> degree = new HashMap<>();
    /** Objects whose edges depend on a Seed (bootstrap edges), and the seeds themselves. */
    private final Map<Source, ObjectNode> seedDependents = new HashMap<>();
    private final Map<String, ObjectNode> seeds = new HashMap<>();
    private final Set<GroupResource> synced = new HashSet<>();

    public Graph(Clock clock) {
        this.clock = clock;
    }

    public Graph() {
        this(Clock.systemUTC());
    }

    @Override
    public synchronized void upsert(GroupResource resource, ObjectNode object) {
        Source source = source(resource, object);
        if (GraphResources.SEEDS.equals(resource)) {
            seeds.put(source.name(), object);
        }
        if (dependsOnSeed(resource)) {
            seedDependents.put(source, object);
        }
        contribute(source, ObjectEdges.of(resource, object, this::seed, clock.instant()));
        if (GraphResources.SEEDS.equals(resource)) {
            recomputeDependents(source.name());
        }
    }

    @Override
    public synchronized void delete(GroupResource resource, ObjectNode object) {
        Source source = source(resource, object);
        contribute(source, Set.of());
        seedDependents.remove(source);
        if (GraphResources.SEEDS.equals(resource)) {
            seeds.remove(source.name());
            recomputeDependents(source.name());
        }
    }

    @Override
    public synchronized void replace(GroupResource resource, Collection<ObjectNode> objects) {
        for (Source source : new ArrayList<>(contributions.keySet())) {
            if (source.resource().equals(resource)) {
                contribute(source, Set.of());
            }
        }
        seedDependents.keySet().removeIf(source -> source.resource().equals(resource));
        if (GraphResources.SEEDS.equals(resource)) {
            seeds.clear();
            objects.forEach(seed -> seeds.put(ObjectEdges.text(seed, "metadata", "name"), seed));
        }
        objects.forEach(object -> upsert(resource, object));
        if (GraphResources.SEEDS.equals(resource)) {
            for (Source dependent : new ArrayList<>(seedDependents.keySet())) {
                recompute(dependent);
            }
        }
        synced.add(resource);
    }

    /** Whether every graph resource has been listed at least once. */
    public synchronized boolean isSynced() {
        return synced.containsAll(GraphResources.ALL);
    }

    public synchronized boolean hasVertex(Vertex vertex) {
        return degree.containsKey(vertex);
    }

    /** Whether {@code to} can be reached from {@code from} along the edges (depth first). */
    public synchronized boolean hasPath(Vertex from, Vertex to) {
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
    public synchronized List<Vertex> successors(Vertex vertex) {
        return List.copyOf(outgoing.getOrDefault(vertex, Map.of()).keySet());
    }

    private static boolean dependsOnSeed(GroupResource resource) {
        return GraphResources.MANAGED_SEEDS.equals(resource) || GraphResources.GARDENLETS.equals(resource);
    }

    private Optional<ObjectNode> seed(String name) {
        return Optional.ofNullable(seeds.get(name));
    }

    private void recomputeDependents(String seedName) {
        for (Source dependent : new ArrayList<>(seedDependents.keySet())) {
            if (dependent.name().equals(seedName)) {
                recompute(dependent);
            }
        }
    }

    private void recompute(Source dependent) {
        ObjectNode object = seedDependents.get(dependent);
        contribute(dependent, ObjectEdges.of(dependent.resource(), object, this::seed, clock.instant()));
    }

    private static Source source(GroupResource resource, ObjectNode object) {
        return new Source(resource, ObjectEdges.text(object, "metadata", "namespace"),
                ObjectEdges.text(object, "metadata", "name"));
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
