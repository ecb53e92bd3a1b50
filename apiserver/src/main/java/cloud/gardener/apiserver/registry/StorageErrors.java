package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.storage.StorageException;

/** Maps storage failures to API errors, in one place. */
public final class StorageErrors {

    private StorageErrors() {}

    /**
     * Maps a storage failure to the API error for the resource and operation.
     *
     * @param operation the verb in ServerTimeout messages: get, list, create, update, delete
     */
    public static Throwable toApi(Throwable t, GroupResource gr, String name, String operation) {
        if (!(t instanceof StorageException e)) {
            return t instanceof ApiException
                    ? t
                    : ApiException.internal("an error on the server has prevented the request from succeeding");
        }
        return switch (e.reason()) {
            case KEY_EXISTS -> ApiException.alreadyExists(gr, name);
            case NOT_FOUND -> ApiException.notFound(gr, name);
            case CONFLICT -> ApiException.conflict(gr, name, ApiException.OBJECT_MODIFIED);
            case COMPACTED ->
                ApiException.expired("The resourceVersion for the provided " + operation + " is too old.");
            case TOO_LARGE_RESOURCE_VERSION -> ApiException.tooLargeResourceVersion(0, e.revision());
            // kube-apiserver passes etcd's error through ErrorToAPIStatus untyped: 500, no reason, etcd's text
            case REQUEST_TOO_LARGE -> ApiException.unknown(e.getMessage());
            case UNAVAILABLE -> ApiException.serverTimeout(gr, operation, 2);
            case INTERNAL -> ApiException.internal(String.valueOf(e.getMessage()));
        };
    }
}
