package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.registry.GenericStore;
import java.util.List;

/**
 * Resource requests as the handlers take them from {@code RequestInfoParser}, for tests and benchmarks that call the
 * handlers' steps below HTTP.
 */
public final class ResourceRequests {

    private ResourceRequests() {}

    /** A create in {@code namespace} ("" for a cluster-scoped resource) of {@code store}'s resource. */
    public static ResourceRequest create(GenericStore store, String version, String namespace, UserInfo user) {
        return of(store, version, "create", namespace, "", "", user);
    }

    /** A request of {@code verb} for the object {@code name} ("" for the collection) or its subresource. */
    public static ResourceRequest of(
            GenericStore store,
            String version,
            String verb,
            String namespace,
            String name,
            String subresource,
            UserInfo user) {
        String plural = store.type().plural();
        RequestInfo info = new RequestInfo(
                true,
                "/",
                verb,
                "",
                store.type().group(),
                version,
                namespace,
                plural,
                subresource,
                name,
                List.of(plural),
                "",
                "");
        return new ResourceRequest(null, info, store.type(), version, store, user);
    }
}
