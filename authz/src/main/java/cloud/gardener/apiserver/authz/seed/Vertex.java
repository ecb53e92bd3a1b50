package cloud.gardener.apiserver.authz.seed;

import java.util.Objects;

/** One object in the graph; cluster-scoped objects (and namespaces themselves) have namespace {@code ""}. */
public record Vertex(VertexType type, String namespace, String name) {

    public Vertex {
        Objects.requireNonNull(type, "type");
        namespace = namespace == null ? "" : namespace;
        name = name == null ? "" : name;
    }

    public static Vertex of(VertexType type, String namespace, String name) {
        return new Vertex(type, namespace, name);
    }

    public static Vertex cluster(VertexType type, String name) {
        return new Vertex(type, "", name);
    }

    @Override
    public String toString() {
        return type.kind() + ":" + (namespace.isEmpty() ? "" : namespace + "/") + name;
    }
}
