package cloud.gardener.apiserver.openapi;

import java.util.List;

/** The PATCH content types the OpenAPI documents advertise (v3 request bodies, v2 {@code consumes}). */
public final class PatchTypes {

    /**
     * Advertised patch types, in kube-apiserver's order. Offering strategic merge patch makes kubectl's
     * client-side apply compute one from the documents' {@code x-kubernetes-patch-merge-key} and
     * {@code x-kubernetes-patch-strategy}, so those must match what the server merges by.
     */
    public static final List<String> ADVERTISED = List.of(
            "application/json-patch+json",
            "application/merge-patch+json",
            "application/strategic-merge-patch+json",
            "application/apply-patch+yaml");

    private PatchTypes() {}
}
