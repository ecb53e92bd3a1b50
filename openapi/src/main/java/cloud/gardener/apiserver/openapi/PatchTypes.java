package cloud.gardener.apiserver.openapi;

import java.util.List;

/** The PATCH content types the OpenAPI documents advertise (v3 request bodies, v2 {@code consumes}). */
public final class PatchTypes {

    /**
     * Advertised patch types. Strategic merge patch ({@code application/strategic-merge-patch+json})
     * is deliberately absent until the server implements it: kubectl's client-side apply picks SMP for
     * any kind whose PATCH operation offers it.
     */
    public static final List<String> ADVERTISED = List.of(
            "application/json-patch+json",
            "application/merge-patch+json",
            "application/apply-patch+yaml");

    private PatchTypes() {
    }
}
