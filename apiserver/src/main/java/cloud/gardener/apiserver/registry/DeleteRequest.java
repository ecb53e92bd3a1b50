package cloud.gardener.apiserver.registry;

/**
 * The parts of DeleteOptions the store acts on.
 *
 * @param preconditionUid             delete only if the object's uid is this (null: any)
 * @param preconditionResourceVersion delete only if the object's resourceVersion is this (null: any)
 * @param propagationPolicy           Orphan, Background, Foreground, or null
 */
public record DeleteRequest(String preconditionUid, String preconditionResourceVersion, String propagationPolicy) {

    public static final DeleteRequest DEFAULT = new DeleteRequest(null, null, null);
}
