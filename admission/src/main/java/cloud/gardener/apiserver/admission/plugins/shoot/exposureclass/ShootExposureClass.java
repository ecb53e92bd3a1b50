package cloud.gardener.apiserver.admission.plugins.shoot.exposureclass;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.TolerationTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.ExposureClass;
import cloud.gardener.apiserver.api.core.v1beta1.ExposureClassScheduling;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSelector;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelectorRequirement;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gardener's ShootExposureClass: a new Shoot that names an ExposureClass with scheduling settings takes over
 * its seed selector (labels must not conflict) and its tolerations (keys must not clash).
 */
public final class ShootExposureClass extends BasePlugin implements MutatingPlugin {

    /** Where the plugin writes the Shoot: the seed selector and tolerations it unites with the class's. */
    private static final Mutation WRITTEN =
            Mutation.at(List.of(List.of("spec", "seedSelector"), List.of("spec", "tolerations")));

    public static final String NAME = "ShootExposureClass";

    private final ObjectLookup objects;

    public ShootExposureClass(PluginContext context) {
        super(NAME, Operation.CREATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot") || !RequestChecks.isMainResource(a)) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        // the record as this plugin received the Shoot: read before any change of the tree
        ShootSpec given = a.object(Shoot.class).spec();
        String className = given == null ? null : given.exposureClassName();
        if (className == null) {
            return Mutation.none();
        }
        return objects.get(ExposureClass.class, GardenerResources.EXPOSURE_CLASSES, "", className)
                .compose(found -> {
                    if (found.isEmpty()) {
                        // The lister's NotFound names the resource by its lower-case kind.
                        return Rejections.forbid(
                                a, "exposureclass.core.gardener.cloud \"" + className + "\" not found");
                    }
                    ExposureClassScheduling scheduling = found.get().scheduling();
                    if (scheduling == null) {
                        return Mutation.none();
                    }
                    ObjectNode spec = a.object().withObjectProperty("spec");
                    String conflict = uniteSeedSelectors(spec, given.seedSelector(), scheduling.seedSelector());
                    if (conflict == null) {
                        conflict = uniteTolerations(spec, given.tolerations(), scheduling.tolerations());
                    }
                    return conflict == null ? WRITTEN.answer() : Rejections.forbid(a, conflict);
                });
    }

    /** Merges the class's seed selector into the Shoot's ({@code given}, or null); answers the conflict, or null. */
    private static String uniteSeedSelectors(ObjectNode spec, SeedSelector given, SeedSelector classSelector) {
        if (classSelector == null) {
            return null;
        }
        ObjectNode selector = spec.get("seedSelector") instanceof ObjectNode s ? s : spec.putObject("seedSelector");
        Map<String, String> classLabels = matchLabels(classSelector);
        Map<String, String> shootLabels = matchLabels(given);
        for (Map.Entry<String, String> e : classLabels.entrySet()) {
            if (shootLabels.containsKey(e.getKey())
                    && !CoreRules.text(shootLabels.get(e.getKey())).equals(CoreRules.text(e.getValue()))) {
                return "matching labels of the seed selector conflicts with the ones of referenced exposureclass";
            }
        }
        if (!classLabels.isEmpty()) {
            ObjectNode merged =
                    selector.get("matchLabels") instanceof ObjectNode m ? m : selector.putObject("matchLabels");
            classLabels.forEach((k, v) -> merged.put(k, CoreRules.text(v)));
        }
        List<LabelSelectorRequirement> classExpressions = classSelector.labelSelector() == null
                ? List.of()
                : CoreRules.list(classSelector.labelSelector().matchExpressions());
        if (!classExpressions.isEmpty()) {
            ArrayNode expressions =
                    selector.get("matchExpressions") instanceof ArrayNode l ? l : selector.putArray("matchExpressions");
            classExpressions.forEach(x -> expressions.add(ModelCodec.encode(x)));
        }
        Set<String> providerTypes = new TreeSet<>();
        if (given != null) {
            CoreRules.list(given.providerTypes()).forEach(p -> providerTypes.add(CoreRules.text(p)));
        }
        CoreRules.list(classSelector.providerTypes()).forEach(p -> providerTypes.add(CoreRules.text(p)));
        selector.remove("providerTypes");
        if (!providerTypes.isEmpty()) {
            ArrayNode types = selector.putArray("providerTypes");
            providerTypes.forEach(types::add);
        }
        return null;
    }

    private static Map<String, String> matchLabels(SeedSelector selector) {
        return selector == null || selector.labelSelector() == null
                ? Map.of()
                : CoreRules.map(selector.labelSelector().matchLabels());
    }

    /** Appends the class's tolerations to the Shoot's ({@code given}); answers the conflict, or null. */
    private static String uniteTolerations(ObjectNode spec, List<Toleration> given, List<Toleration> classTolerations) {
        Set<String> keys = new HashSet<>();
        CoreRules.list(given).forEach(t -> keys.add(CoreRules.text(t.key())));
        for (Toleration t : CoreRules.list(classTolerations)) {
            String key = CoreRules.text(t.key());
            if (keys.contains(key)) {
                return "toleration with key \"" + key + "\" conflicts with the ones of referenced exposureclass";
            }
            TolerationTrees.append(spec, new Toleration(key, t.value()));
        }
        return null;
    }
}
