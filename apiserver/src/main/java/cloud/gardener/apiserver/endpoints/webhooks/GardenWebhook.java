package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.garden.GardenPlugin;
import cloud.gardener.apiserver.admission.plugins.garden.GardenWarnings;
import cloud.gardener.apiserver.admission.validation.Validators;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.endpoints.Responses;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import java.time.Clock;
import java.util.List;

/**
 * gardener-operator's Garden validation webhook ({@code garden-validator}), so a runtime cluster's Garden
 * custom resource can be guarded by this server: an AdmissionReview in, an AdmissionReview out, answered as
 * controller-runtime's validating webhook answers. CREATE: only one Garden, no operator finalizers, then the
 * static validation (422 with causes); UPDATE: the update validation; DELETE: the deletion confirmation
 * (403 with Gardener's message); warnings for deprecated kube-apiserver settings.
 *
 * <p>"Only one Garden" and the registered extension types are judged against the Gardens and operator
 * {@code Extension}s this server stores (its own {@code operator.gardener.cloud} resources), not the runtime
 * cluster's. The path is a non-resource URL: the
 * caller must be authenticated and authorized for {@code post} on it like any non-resource path (for a
 * delegating server, RBAC on the {@code nonResourceURLs}).
 */
public final class GardenWebhook {

    public static final String PATH = "/webhooks/validate-operator-gardener-cloud-v1alpha1-garden";
    private static final GroupVersionKind GARDEN =
            new GroupVersionKind(StandardResources.OPERATOR, "v1alpha1", "Garden");

    private final GardenPlugin plugin;

    public GardenWebhook(ObjectLookup objects) {
        this.plugin = new GardenPlugin(new PluginContext(objects, null, null, Clock.systemUTC()));
    }

    public void install(Router router) {
        router.post(PATH).handler(new AdmissionReviewEndpoint(this::review));
    }

    /** The handler's decision; a failed future carries an API error whose Status becomes the rejection. */
    private Future<AdmissionResponse> review(AdmissionRequest r) {
        try {
            return switch (r.operation()) {
                case "CONNECT" -> Future.succeededFuture(AdmissionResponse.allow());
                case "CREATE" -> {
                    decode(r.object());
                    yield create(r);
                }
                case "UPDATE" -> {
                    decode(r.object());
                    decode(r.oldObject());
                    yield update(r);
                }
                case "DELETE" -> {
                    decode(r.oldObject());
                    yield Future.succeededFuture(delete(r));
                }
                default ->
                    Future.succeededFuture(AdmissionResponse.error(400, "unknown operation \"" + r.operation() + "\""));
            };
        } catch (UndecodableObject e) {
            return Future.succeededFuture(AdmissionResponse.error(400, e.getMessage()));
        }
    }

    private Future<AdmissionResponse> create(AdmissionRequest r) {
        List<String> warnings = GardenWarnings.of(r.object());
        return plugin.validate(attributes(r, Operation.CREATE))
                .map(v -> answer(r, Validators.validate(GARDEN, r.object())).withWarnings(warnings))
                .recover(failure -> {
                    ApiException e = Responses.toApiException(failure);
                    // Gardener's handler refuses a second Garden before it computes the warnings
                    boolean warned = e.code() == 400
                            && !GardenPlugin.ONLY_ONE.equals(e.status().message());
                    return Future.succeededFuture(
                            AdmissionResponse.reject(e.status()).withWarnings(warned ? warnings : List.of()));
                });
    }

    private Future<AdmissionResponse> update(AdmissionRequest r) {
        List<String> warnings = GardenWarnings.of(r.object());
        return plugin.validate(attributes(r, Operation.UPDATE))
                .map(v -> answer(r, Validators.validateUpdate(GARDEN, r.object(), r.oldObject()))
                        .withWarnings(warnings))
                .recover(failure -> Future.succeededFuture(AdmissionResponse.reject(
                                Responses.toApiException(failure).status())
                        .withWarnings(warnings)));
    }

    /** Gardener's confirmation check answers with a plain error: controller-runtime denies it as 403 Forbidden. */
    private static AdmissionResponse delete(AdmissionRequest r) {
        return GardenPlugin.deletionConfirmed(r.oldObject())
                ? AdmissionResponse.allow()
                : AdmissionResponse.deny(GardenPlugin.deletionNotConfirmedMessage());
    }

    private static AdmissionResponse answer(AdmissionRequest r, List<FieldError> errors) {
        return errors.isEmpty()
                ? AdmissionResponse.allow()
                : AdmissionResponse.reject(
                        ApiException.invalid(GARDEN, name(r), errors).status());
    }

    private static String name(AdmissionRequest r) {
        return r.object() == null
                ? r.name()
                : r.object().path("metadata").path("name").asText(r.name());
    }

    private static Attributes attributes(AdmissionRequest r, Operation operation) {
        return new Attributes(
                GARDEN,
                GardenPlugin.GARDENS,
                "",
                r.namespace(),
                name(r),
                operation,
                r.object(),
                r.oldObject(),
                r.userInfo(),
                r.dryRun());
    }

    /** An object controller-runtime's decoder could not read into a Garden: answered with 400. */
    private static final class UndecodableObject extends RuntimeException {
        UndecodableObject(String message) {
            super(message);
        }
    }

    /** Reads the object as controller-runtime's decoder would, only to refuse what cannot be a Garden. */
    private static Garden decode(ObjectNode tree) {
        if (tree == null) {
            throw new UndecodableObject("there is no content to decode");
        }
        try {
            return ModelCodec.decode(tree, Garden.class).value();
        } catch (RuntimeException e) {
            throw new UndecodableObject(Responses.toApiException(e).status().message());
        }
    }
}
