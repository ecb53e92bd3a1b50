package cloud.gardener.apiserver.admission.plugins.shoot.exposureclass;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.TolerationTrees;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gardener's ShootExposureClass: a new Shoot that names an ExposureClass with scheduling settings takes over
 * its seed selector (labels must not conflict) and its tolerations (keys must not clash).
 */
public final class ShootExposureClass extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ShootExposureClass";

    private final ObjectLookup objects;

    public ShootExposureClass(PluginContext context) {
        super(NAME, Operation.CREATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot") || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ObjectNode spec = a.object().withObjectProperty("spec");
        String className = JsonTrees.text(spec, "exposureClassName");
        if (!spec.hasNonNull("exposureClassName")) {
            return Future.succeededFuture();
        }
        return objects.get(GardenerResources.EXPOSURE_CLASSES, "", className).compose(found -> {
            if (found.isEmpty()) {
                // The lister's NotFound names the resource by its lower-case kind.
                return Rejections.forbid(a, "exposureclass.core.gardener.cloud \"" + className + "\" not found");
            }
            JsonNode scheduling = found.get().get("scheduling");
            if (scheduling == null || scheduling.isNull()) {
                return Future.succeededFuture();
            }
            String conflict = uniteSeedSelectors(spec, scheduling.get("seedSelector"));
            if (conflict == null) {
                conflict = uniteTolerations(spec, scheduling.path("tolerations"));
            }
            return conflict == null ? Future.succeededFuture() : Rejections.forbid(a, conflict);
        });
    }

    /** Merges the class's seed selector into the Shoot's; answers the conflict, or null. */
    private static String uniteSeedSelectors(ObjectNode spec, JsonNode classSelector) {
        if (classSelector == null || classSelector.isNull()) {
            return null;
        }
        ObjectNode selector = spec.get("seedSelector") instanceof ObjectNode s ? s : spec.putObject("seedSelector");
        JsonNode classLabels = classSelector.path("matchLabels");
        JsonNode shootLabels = selector.path("matchLabels");
        for (Iterator<Map.Entry<String, JsonNode>> it = classLabels.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (shootLabels.has(e.getKey())
                    && !shootLabels.get(e.getKey()).asText().equals(e.getValue().asText())) {
                return "matching labels of the seed selector conflicts with the ones of referenced exposureclass";
            }
        }
        if (classLabels.size() > 0) {
            ObjectNode merged =
                    selector.get("matchLabels") instanceof ObjectNode m ? m : selector.putObject("matchLabels");
            classLabels
                    .properties()
                    .forEach(e -> merged.put(e.getKey(), e.getValue().asText()));
        }
        if (classSelector.path("matchExpressions").size() > 0) {
            ArrayNode expressions =
                    selector.get("matchExpressions") instanceof ArrayNode l ? l : selector.putArray("matchExpressions");
            classSelector.path("matchExpressions").forEach(x -> expressions.add(x.deepCopy()));
        }
        Set<String> providerTypes = new TreeSet<>();
        selector.path("providerTypes").forEach(p -> providerTypes.add(p.asText()));
        classSelector.path("providerTypes").forEach(p -> providerTypes.add(p.asText()));
        selector.remove("providerTypes");
        if (!providerTypes.isEmpty()) {
            ArrayNode types = selector.putArray("providerTypes");
            providerTypes.forEach(types::add);
        }
        return null;
    }

    /** Appends the class's tolerations to the Shoot's; answers the conflict, or null. */
    private static String uniteTolerations(ObjectNode spec, JsonNode classTolerations) {
        Set<String> keys = new HashSet<>();
        TolerationTrees.read(spec.path("tolerations")).forEach(t -> keys.add(t.key()));
        for (Toleration t : TolerationTrees.read(classTolerations)) {
            if (keys.contains(t.key())) {
                return "toleration with key \"" + t.key() + "\" conflicts with the ones of referenced exposureclass";
            }
            TolerationTrees.append(spec, t);
        }
        return null;
    }
}
