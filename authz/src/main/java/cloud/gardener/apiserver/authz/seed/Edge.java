package cloud.gardener.apiserver.authz.seed;

/** A directed edge: {@code from} relates to (is used by, belongs to) {@code to}. */
public record Edge(Vertex from, Vertex to) {}
