package cloud.gardener.apiserver.admission.plugins.garden;

import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import java.util.ArrayList;
import java.util.List;

/**
 * The warnings gardener-operator's Garden webhook returns ({@code GetWarnings}): the deprecated kube-apiserver
 * settings Gardener also warns about for Shoots ({@code shoot.GetKubeAPIServerWarnings}).
 */
public final class GardenWarnings {

    private static final String PATH = "spec.virtualCluster.kubernetes.kubeAPIServer";

    private GardenWarnings() {
    }

    public static List<String> of(Garden garden) {
        List<String> warnings = new ArrayList<>();
        KubeAPIServerConfig config = kubeAPIServer(garden);
        if (config == null) {
            return warnings;
        }
        if (config.enableAnonymousAuthentication() != null) {
            warnings.add("you are setting the " + PATH + ".enableAnonymousAuthentication field. The field is "
                    + "deprecated. Using Kubernetes v1.32 and above, please use anonymous authentication configuration. "
                    + "See: https://kubernetes.io/docs/reference/access-authn-authz/authentication/"
                    + "#anonymous-authenticator-configuration");
        }
        if (config.watchCacheSizes() != null && config.watchCacheSizes().defaultValue() != null) {
            warnings.add("you are setting the " + PATH + ".watchCacheSizes.default field. The field has been "
                    + "deprecated and is forbidden to be set starting from Kubernetes 1.35. The cache size is "
                    + "automatically sized by the kube-apiserver.");
        }
        return warnings;
    }

    private static KubeAPIServerConfig kubeAPIServer(Garden garden) {
        if (garden.spec() == null || garden.spec().virtualCluster() == null
                || garden.spec().virtualCluster().kubernetes() == null
                || garden.spec().virtualCluster().kubernetes().kubeAPIServer() == null) {
            return null;
        }
        return garden.spec().virtualCluster().kubernetes().kubeAPIServer().kubeAPIServerConfig();
    }
}
