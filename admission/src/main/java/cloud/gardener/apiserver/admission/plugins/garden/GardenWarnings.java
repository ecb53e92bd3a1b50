package cloud.gardener.apiserver.admission.plugins.garden;

import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The warnings gardener-operator's Garden webhook returns ({@code GetWarnings}): the deprecated kube-apiserver
 * settings Gardener also warns about for Shoots ({@code shoot.GetKubeAPIServerWarnings}).
 */
public final class GardenWarnings {

    private static final String PATH = "spec.virtualCluster.kubernetes.kubeAPIServer";

    private GardenWarnings() {}

    public static List<String> of(JsonNode garden) {
        return ShootWarnings.kubeApiServer(
                garden.path("spec").path("virtualCluster").path("kubernetes").path("kubeAPIServer"), PATH);
    }
}
