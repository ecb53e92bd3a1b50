package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.authn.UserInfo;
import java.util.function.Consumer;

/**
 * Who writes and how.
 *
 * @param user         the authenticated user (admission sees it)
 * @param dryRun       run everything but persist nothing
 * @param fieldManager the manager non-apply writes are recorded under: the request's {@code fieldManager}, else
 *                     the User-Agent's program name (may be empty)
 * @param warnings     where the strategy's warnings for the client go
 * @param requestBytes the size of the request's body: with the stored object's, how much work applying it is
 *                     ({@link CpuWork})
 * @param audit        where admission's annotations for the request's audit events go
 * @param forms        the records the request's decoding made, for the store to take instead of decoding again
 *                     ({@link ModelForms}; the store reads it, only the request's decoding adds to it)
 */
public record WriteContext(
        UserInfo user,
        boolean dryRun,
        String fieldManager,
        Consumer<String> warnings,
        long requestBytes,
        AuditAnnotations audit,
        ModelForms forms) {

    public WriteContext(
            UserInfo user,
            boolean dryRun,
            String fieldManager,
            Consumer<String> warnings,
            long requestBytes,
            AuditAnnotations audit) {
        this(user, dryRun, fieldManager, warnings, requestBytes, audit, new ModelForms());
    }

    public WriteContext(
            UserInfo user, boolean dryRun, String fieldManager, Consumer<String> warnings, long requestBytes) {
        this(user, dryRun, fieldManager, warnings, requestBytes, AuditAnnotations.NONE);
    }

    public WriteContext(UserInfo user, boolean dryRun, String fieldManager, Consumer<String> warnings) {
        this(user, dryRun, fieldManager, warnings, 0);
    }

    /** A write whose warnings nobody reads (the server's own controllers). */
    public WriteContext(UserInfo user, boolean dryRun, String fieldManager) {
        this(user, dryRun, fieldManager, warning -> {});
    }
}
