package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.duration;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;

/**
 * Gardener's {@code SetDefaults_KubeAPIServerConfig} (core v1beta1), shared by the Shoot and by the operator's
 * Garden, whose virtual cluster embeds the same settings.
 */
final class KubeAPIServerDefaults {

    private KubeAPIServerDefaults() {}

    static void apply(ObjectNode kubeAPIServer) {
        ObjectNode requests = object(kubeAPIServer, "requests");
        setIfAbsent(requests, "maxNonMutatingInflight", 400);
        setIfAbsent(requests, "maxMutatingInflight", 200);
        setIfAbsent(kubeAPIServer, "eventTTL", duration(Duration.ofHours(1)));
        setIfAbsent(object(kubeAPIServer, "logging"), "verbosity", 2);
        // provider is a non-pointer struct of the encryption config: present as soon as the config is.
        ObjectNode provider = object(object(kubeAPIServer, "encryptionConfig"), "provider");
        setIfAbsent(provider, "type", "aescbc");
    }
}
