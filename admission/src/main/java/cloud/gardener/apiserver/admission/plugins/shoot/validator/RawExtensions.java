package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.ContainerRuntime;
import cloud.gardener.apiserver.api.core.v1beta1.Provider;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validateAPIVersionForRawExtensions}: provider configs must not name an internal API version. The configs are
 * raw extensions, read as JSON by nature.
 */
final class RawExtensions {

    private static final String MESSAGE = "must not use apiVersion 'internal'";

    private RawExtensions() {}

    static List<FieldError> internalVersions(ShootSpec spec) {
        List<FieldError> errs = new ArrayList<>();
        Provider provider = spec.provider();
        if (provider != null) {
            check(provider.infrastructureConfig(), "spec.provider.infrastructureConfig", errs);
            check(provider.controlPlaneConfig(), "spec.provider.controlPlaneConfig", errs);
        }
        if (spec.networking() != null) {
            check(spec.networking().providerConfig(), "spec.networking.providerConfig", errs);
        }
        List<Worker> workers = ShootTrees.workers(spec);
        for (int i = 0; i < workers.size(); i++) {
            String path = "spec.provider.workers[" + i + "]";
            Worker worker = workers.get(i);
            check(worker.providerConfig(), path + ".providerConfig", errs);
            if (worker.machine() != null && worker.machine().image() != null) {
                check(worker.machine().image().providerConfig(), path + ".machine.image.providerConfig", errs);
            }
            List<ContainerRuntime> runtimes = worker.cri() == null
                    ? List.of()
                    : CoreRules.list(worker.cri().containerRuntimes());
            for (int j = 0; j < runtimes.size(); j++) {
                check(
                        runtimes.get(j).providerConfig(),
                        path + ".cri.containerRuntimes[" + j + "].providerConfig",
                        errs);
            }
        }
        return errs;
    }

    /** A Kubernetes-like object whose apiVersion is {@code <group>/__internal} (or {@code __internal}). */
    private static void check(JsonNode ext, String path, List<FieldError> errs) {
        if (ext == null
                || !ext.isObject()
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
