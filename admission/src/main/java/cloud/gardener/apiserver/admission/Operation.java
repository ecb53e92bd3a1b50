package cloud.gardener.apiserver.admission;

/** The operations admission sees, as {@code admission.Operation}. */
public enum Operation {
    CREATE,
    UPDATE,
    DELETE,
    CONNECT
}
