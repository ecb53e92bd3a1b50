package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.garden.GardenNamespaceProtection;
import cloud.gardener.apiserver.endpoints.Responses;
import io.vertx.core.Future;
import io.vertx.ext.web.Router;

/**
 * gardener-operator's namespace deletion webhook ({@code namespace-deletion-validation.operator.gardener.cloud},
 * pkg/operator/webhook/validation/namespace): a namespace DELETE is refused with 403 while a Garden exists. Gardener
 * registers it with the object selector {@code kubernetes.io/metadata.name=garden}, so the handler itself judges any
 * namespace it is asked about; CREATE, UPDATE and CONNECT are allowed. Gardens are those this server stores.
 */
public final class NamespaceWebhook {

    public static final String PATH = "/webhooks/validate-core-v1-namespace";

    private final ObjectLookup objects;

    public NamespaceWebhook(ObjectLookup objects) {
        this.objects = objects;
    }

    public void install(Router router) {
        router.post(PATH).handler(new AdmissionReviewEndpoint(this::review));
    }

    private Future<AdmissionResponse> review(AdmissionRequest r) {
        return switch (r.operation()) {
            case "CREATE", "UPDATE", "CONNECT" -> Future.succeededFuture(AdmissionResponse.allow());
            case "DELETE" -> {
                if (r.oldObject() == null) {
                    yield Future.succeededFuture(AdmissionResponse.error(400, "there is no content to decode"));
                }
                String name = r.oldObject().path("metadata").path("name").asText(r.name());
                yield GardenNamespaceProtection.check(objects, name)
                        .map(v -> AdmissionResponse.allow())
                        .recover(failure -> Future.succeededFuture(AdmissionResponse.reject(
                                Responses.toApiException(failure).status())));
            }
            default ->
                Future.succeededFuture(AdmissionResponse.error(400, "unknown operation \"" + r.operation() + "\""));
        };
    }
}
