package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** {@code validateAPIVersionForRawExtensions}: provider configs must not name an internal API version. */
final class RawExtensions {

    private static final String MESSAGE = "must not use apiVersion 'internal'";

    private RawExtensions() {}

    static List<FieldError> internalVersions(JsonNode shoot) {
        List<FieldError> errs = new ArrayList<>();
        JsonNode spec = shoot.path("spec");
        check(spec.path("provider").path("infrastructureConfig"), "spec.provider.infrastructureConfig", errs);
        check(spec.path("provider").path("controlPlaneConfig"), "spec.provider.controlPlaneConfig", errs);
        check(spec.path("networking").path("providerConfig"), "spec.networking.providerConfig", errs);
        JsonNode workers = spec.path("provider").path("workers");
        for (int i = 0; i < workers.size(); i++) {
            String path = "spec.provider.workers[" + i + "]";
            JsonNode worker = workers.get(i);
            check(worker.path("providerConfig"), path + ".providerConfig", errs);
            check(
                    worker.path("machine").path("image").path("providerConfig"),
                    path + ".machine.image.providerConfig",
                    errs);
            JsonNode runtimes = worker.path("cri").path("containerRuntimes");
            for (int j = 0; j < runtimes.size(); j++) {
                check(
                        runtimes.get(j).path("providerConfig"),
                        path + ".cri.containerRuntimes[" + j + "].providerConfig",
                        errs);
            }
        }
        return errs;
    }

    /** A Kubernetes-like object whose apiVersion is {@code <group>/__internal} (or {@code __internal}). */
    private static void check(JsonNode ext, String path, List<FieldError> errs) {
        if (!ext.isObject()
                || !ext.path("kind").isTextual()
                || ext.path("kind").asText().isEmpty()) {
            return;
        }
        String apiVersion = ext.path("apiVersion").asText("");
        String version = apiVersion.contains("/") ? apiVersion.substring(apiVersion.indexOf('/') + 1) : apiVersion;
        if ("__internal".equals(version)) {
            String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
            errs.add(FieldError.invalid(
                    path, group + "/__internal, Kind=" + ext.path("kind").asText(), MESSAGE));
        }
    }
}
