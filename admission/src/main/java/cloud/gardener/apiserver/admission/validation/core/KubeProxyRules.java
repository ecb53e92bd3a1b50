package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.KubeProxyConfig;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;

/** Gardener's {@code validateKubeProxy}. */
public final class KubeProxyRules {

    private static final List<String> MODES = List.of("IPTables", "IPVS", "NFTables");

    private KubeProxyRules() {}

    public static List<FieldError> validate(KubeProxyConfig proxy, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (proxy == null) {
            return errs;
        }
        String mode = proxy.mode();
        if (mode == null) {
            errs.add(FieldError.required(
                    path.child("mode").toString(), "must be set when .spec.kubernetes.kubeProxy is set"));
        } else if (!MODES.contains(mode)) {
            errs.add(FieldError.notSupported(path.child("mode").toString(), mode, MODES));
        } else if ("NFTables".equals(mode)
                && proxy.kubernetesConfig() != null
                && proxy.kubernetesConfig().featureGates() != null
                && Boolean.FALSE.equals(proxy.kubernetesConfig().featureGates().get("NFTablesProxyMode"))) {
            errs.add(FieldError.invalid(
                    path.child("mode").toString(),
                    mode,
                    "NFTables mode cannot be used when feature gate NFTablesProxyMode is explicitly set to false"));
        }
        errs.addAll(KubeControllerManagerRules.featureGates(proxy.kubernetesConfig(), version, path));
        return errs;
    }
}
