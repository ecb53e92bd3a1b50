package cloud.gardener.apiserver.endpoints.tables;

/**
 * The entries of {@code metav1.ObjectMeta{}.SwaggerDoc()} that table columns use as descriptions. Gardener's
 * convertors look up other keys too ({@code "provider"}, {@code "seed"}, ...); ObjectMeta has none of them, so those
 * columns carry an empty description.
 */
public final class ObjectMetaDocs {

    public static final String NAME = "Name must be unique within a namespace. Is required when creating "
            + "resources, although some resources may allow a client to request the generation of an appropriate "
            + "name automatically. Name is primarily intended for creation idempotence and configuration definition. "
            + "Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";

    public static final String NAMESPACE = "Namespace defines the space within which each name must be unique. An "
            + "empty namespace is equivalent to the \"default\" namespace, but \"default\" is the canonical "
            + "representation. Not all objects are required to be scoped to a namespace - the value of this field for "
            + "those objects will be empty.\n\nMust be a DNS_LABEL. Cannot be updated. More info: "
            + "https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces";

    public static final String CREATION_TIMESTAMP = "CreationTimestamp is a timestamp representing the server time "
            + "when this object was created. It is not guaranteed to be set in happens-before order across separate "
            + "operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\n"
            + "Populated by the system. Read-only. Null for lists. More info: "
            + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

    private ObjectMetaDocs() {}
}
