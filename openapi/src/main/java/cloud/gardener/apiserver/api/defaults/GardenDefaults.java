package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.NODES;
import static cloud.gardener.apiserver.api.defaults.JsonTree.absent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfEmpty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.strings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The operator's Garden defaulting. {@code gardens} is a CRD of gardener-operator, so its defaults come from two
 * places, applied here in the order a kube-apiserver applies them: the CRD schema's {@code default} values
 * (the {@code +kubebuilder:default} markers; a value is set only where its parent object exists), then
 * gardener-operator's defaulting webhook (IPv4 runtime networking; the virtual cluster's kube-apiserver gets core's
 * kube-apiserver defaults, kube-controller-manager and gardener-apiserver sections exist, and gardener-apiserver
 * encrypts with the kube-apiserver's provider type), then the schema defaults again, because a kube-apiserver
 * re-applies them after a mutating webhook changed the object.
 */
public final class GardenDefaults implements Defaulter {

    /** A schema default: the member {@code field} of every object reached by {@code path} ("[]" enters arrays). */
    private record SchemaDefault(List<String> path, String field, JsonNode value) {

        static SchemaDefault of(String dottedPath, JsonNode value) {
            List<String> steps = List.of(dottedPath.split("\\."));
            return new SchemaDefault(steps.subList(0, steps.size() - 1), steps.get(steps.size() - 1), value);
        }
    }

    private static final String GARDENER = "spec.virtualCluster.gardener.";
    private static final String KUBERNETES = "spec.virtualCluster.kubernetes.";
    private static final JsonNode EMPTY = NODES.textNode("");
    private static final JsonNode TRUE = NODES.booleanNode(true);
    private static final JsonNode INFO = NODES.textNode("info");

    /** The {@code default} values of the gardens CRD (v1.150), in schema order. */
    private static final List<SchemaDefault> SCHEMA_DEFAULTS = List.of(
            SchemaDefault.of("spec.dns.providers.[].secretRef.name", EMPTY),
            SchemaDefault.of("spec.runtimeCluster.settings.verticalPodAutoscaler.enabled", TRUE),
            SchemaDefault.of("spec.virtualCluster.etcd.events.storage.capacity", NODES.textNode("10Gi")),
            SchemaDefault.of("spec.virtualCluster.etcd.main.backup.secretRef.name", EMPTY),
            SchemaDefault.of("spec.virtualCluster.etcd.main.storage.capacity", NODES.textNode("10Gi")),
            SchemaDefault.of(GARDENER + "gardenerAPIServer.auditWebhook.batchMaxSize", NODES.numberNode(30)),
            SchemaDefault.of(GARDENER + "gardenerAPIServer.auditWebhook.version", NODES.textNode("audit.k8s.io/v1")),
            SchemaDefault.of(GARDENER + "gardenerAdmissionController.logLevel", INFO),
            SchemaDefault.of(GARDENER + "gardenerControllerManager.logLevel", INFO),
            SchemaDefault.of(GARDENER + "gardenerDashboard.assetsConfigMapRef.name", EMPTY),
            SchemaDefault.of(GARDENER + "gardenerDashboard.enableTokenLogin", TRUE),
            SchemaDefault.of(GARDENER + "gardenerDashboard.frontendConfigMapRef.name", EMPTY),
            SchemaDefault.of(GARDENER + "gardenerDashboard.gitHub.apiURL", NODES.textNode("https://api.github.com")),
            SchemaDefault.of(GARDENER + "gardenerDashboard.gitHub.secretRef.name", EMPTY),
            SchemaDefault.of(GARDENER + "gardenerDashboard.ingress.enabled", TRUE),
            SchemaDefault.of(GARDENER + "gardenerDashboard.logLevel", INFO),
            SchemaDefault.of(GARDENER + "gardenerDashboard.oidcConfig.certificateAuthoritySecretRef.name", EMPTY),
            SchemaDefault.of(GARDENER + "gardenerDashboard.oidcConfig.secretRef.name", EMPTY),
            SchemaDefault.of(GARDENER + "gardenerScheduler.logLevel", INFO),
            SchemaDefault.of(GARDENER + "gardenerScheduler.strategy", NODES.textNode("SameRegion")),
            SchemaDefault.of(KUBERNETES + "kubeAPIServer.auditWebhook.batchMaxSize", NODES.numberNode(30)),
            SchemaDefault.of(KUBERNETES + "kubeAPIServer.auditWebhook.version", NODES.textNode("audit.k8s.io/v1")),
            SchemaDefault.of(KUBERNETES + "kubeAPIServer.authentication.webhook.version", NODES.textNode("v1beta1")),
            SchemaDefault.of(KUBERNETES + "kubeControllerManager.certificateSigningDuration", NODES.textNode("48h")));

    @Override
    public void apply(ObjectNode garden) {
        applySchemaDefaults(garden);
        applyWebhookDefaults(garden);
        applySchemaDefaults(garden);
    }

    private static void applySchemaDefaults(ObjectNode garden) {
        for (SchemaDefault schemaDefault : SCHEMA_DEFAULTS) {
            setAt(garden, schemaDefault.path(), 0, schemaDefault);
        }
    }

    private static void setAt(ObjectNode node, List<String> path, int step, SchemaDefault schemaDefault) {
        if (step == path.size()) {
            // The typed model writes Go's "" for a non-pointer string the manifest left out (gitHub.apiURL); the
            // schema allows no empty value for any string it defaults (enums, patterns, minLength), so "" there
            // can only mean "not set".
            JsonNode value = schemaDefault.value();
            if (value.isTextual() && !value.textValue().isEmpty()) {
                setIfEmpty(node, schemaDefault.field(), value.deepCopy());
            } else {
                setIfAbsent(node, schemaDefault.field(), value.deepCopy());
            }
            return;
        }
        String name = path.get(step);
        if (name.equals("[]")) {
            throw new IllegalStateException("an array step must follow a member name");
        }
        if (step + 1 < path.size() && path.get(step + 1).equals("[]")) {
            for (ObjectNode item : objects(node, name)) {
                setAt(item, path, step + 2, schemaDefault);
            }
            return;
        }
        existing(node, name).ifPresent(child -> setAt(child, path, step + 1, schemaDefault));
    }

    // gardener-operator's defaulting webhook for gardens.
    private static void applyWebhookDefaults(ObjectNode garden) {
        ObjectNode spec = object(garden, "spec");
        setIfEmpty(object(object(spec, "runtimeCluster"), "networking"), "ipFamilies", strings("IPv4"));

        ObjectNode virtualCluster = object(spec, "virtualCluster");
        ObjectNode kubernetes = object(virtualCluster, "kubernetes");
        // The operator's kube-apiserver settings inline core's KubeAPIServerConfig.
        ObjectNode kubeAPIServer = object(kubernetes, "kubeAPIServer");
        KubeAPIServerDefaults.apply(kubeAPIServer);
        object(kubernetes, "kubeControllerManager");

        ObjectNode gardenerAPIServer = object(object(virtualCluster, "gardener"), "gardenerAPIServer");
        ObjectNode provider = object(object(gardenerAPIServer, "encryptionConfig"), "provider");
        JsonNode kubeAPIServerType =
                kubeAPIServer.path("encryptionConfig").path("provider").get("type");
        if (absent(provider, "type") && kubeAPIServerType != null && !kubeAPIServerType.isNull()) {
            provider.set("type", kubeAPIServerType.deepCopy());
        }
    }
}
