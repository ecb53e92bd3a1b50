package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.NameRules;
import cloud.gardener.apiserver.api.core.v1beta1.SeedTemplate;
import cloud.gardener.apiserver.api.core.v1beta1.ShootTemplate;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSet;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSetSpec;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSpec;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedTemplate;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.UpdateStrategy;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Static validation of {@code seedmanagement.gardener.cloud/v1alpha1} ManagedSeedSets, as Gardener's
 * {@code ValidateManagedSeedSet} and {@code ValidateManagedSeedSetUpdate}: a set lives in the garden namespace,
 * selects its replicas with a non-empty selector that matches both templates (and the seed template inside the
 * gardenlet configuration), and its shoot template has workers.
 */
public final class ManagedSeedSetValidator implements Validator<ManagedSeedSet> {

    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final FieldPath SPEC = FieldPath.of("spec");
    private static final String ROLLING_UPDATE = "RollingUpdate";

    private final ShootTemplateValidation shootTemplates = new ShootTemplateValidation();

    @Override
    public List<FieldError> validate(ManagedSeedSet set) {
        List<FieldError> errs = new ArrayList<>();
        ObjectMeta meta = set.metadata();
        String namespace = meta == null || meta.namespace() == null ? "" : meta.namespace();
        if (!namespace.equals("garden")) {
            errs.add(FieldError.invalid("metadata.namespace", namespace, "namespace must be garden"));
        }
        errs.addAll(ObjectMetaValidation.validate(meta, true, ObjectMetaValidation.NAME_IS_DNS_SUBDOMAIN, METADATA));
        errs.addAll(validateSpec(spec(set), SPEC));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(ManagedSeedSet set, ManagedSeedSet old) {
        List<FieldError> errs =
                new ArrayList<>(ObjectMetaValidation.validateUpdate(set.metadata(), old.metadata(), METADATA));
        ManagedSeedSetSpec spec = spec(set);
        ManagedSeedSetSpec oldSpec = spec(old);
        if (!CoreRules.semanticEqual(spec.selector(), oldSpec.selector())) {
            errs.add(FieldError.invalid(
                    SPEC.child("selector").toString(),
                    GoSyntax.labelSelector(spec.selector()),
                    ObjectMetaValidation.FIELD_IMMUTABLE));
        }
        errs.addAll(ObjectMetaValidation.immutable(
                spec.revisionHistoryLimit(), oldSpec.revisionHistoryLimit(), SPEC.child("revisionHistoryLimit")));
        errs.addAll(ManagedSeedValidator.validateSpecUpdate(
                templateSpec(spec.template()), templateSpec(oldSpec.template()), SPEC.child("template", "spec")));
        errs.addAll(shootTemplates.validateUpdate(
                spec.shootTemplate(), oldSpec.shootTemplate(), SPEC.child("shootTemplate")));
        errs.addAll(validate(set));
        return errs;
    }

    private List<FieldError> validateSpec(ManagedSeedSetSpec spec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>(GardenletRules.nonNegative(spec.replicas(), path.child("replicas")));
        FieldPath selectorPath = path.child("selector");
        LabelSelector selector = null;
        if (LabelSelectors.empty(spec.selector())) {
            errs.add(FieldError.invalid(
                    selectorPath.toString(),
                    GoSyntax.labelSelector(spec.selector()),
                    "empty selector is invalid for ManagedSeedSet"));
        } else {
            errs.addAll(NameRules.labelSelector(spec.selector(), selectorPath));
            // A selector that cannot be converted matches nothing; its problems are reported above.
            selector = LabelSelectors.convertible(spec.selector()) ? spec.selector() : null;
        }
        errs.addAll(validateManagedSeedTemplate(spec.template(), selector, path.child("template")));
        errs.addAll(validateShootTemplate(spec.shootTemplate(), selector, path.child("shootTemplate")));
        UpdateStrategy strategy = spec.updateStrategy();
        if (strategy != null && strategy.type() != null) {
            FieldPath typePath = path.child("updateStrategy", "type");
            if (strategy.type().isEmpty()) {
                errs.add(FieldError.required(typePath.toString(), ""));
            } else if (strategy.type().equals(ROLLING_UPDATE)) {
                if (strategy.rollingUpdate() != null) {
                    errs.addAll(GardenletRules.nonNegative(
                            strategy.rollingUpdate().partition(),
                            path.child("updateStrategy", "rollingUpdate", "partition")));
                }
            } else {
                errs.add(FieldError.notSupported(typePath.toString(), strategy.type(), List.of(ROLLING_UPDATE)));
            }
        }
        errs.addAll(GardenletRules.nonNegative(spec.revisionHistoryLimit(), path.child("revisionHistoryLimit")));
        return errs;
    }

    /** {@code ValidateManagedSeedTemplateForManagedSeedSet}. */
    private static List<FieldError> validateManagedSeedTemplate(
            ManagedSeedTemplate template, LabelSelector selector, FieldPath path) {
        ObjectMeta meta = template == null ? null : template.metadata();
        ManagedSeedSpec spec = templateSpec(template);
        List<FieldError> errs = new ArrayList<>(templateLabels(labels(meta), selector, path.child("metadata")));
        errs.addAll(ObjectMetaValidation.validateLabels(labels(meta), path.child("metadata", "labels")));
        errs.addAll(ObjectMetaValidation.validateAnnotations(
                meta == null ? null : meta.annotations(), path.child("metadata", "annotations")));
        errs.addAll(ManagedSeedValidator.validateSpec(spec, path.child("spec"), true));
        if (spec != null && spec.shoot() != null) {
            errs.add(FieldError.forbidden(path.child("spec", "shoot").toString(), "shoot is forbidden"));
        }
        JsonNode config = spec == null || spec.gardenlet() == null
                ? null
                : spec.gardenlet().config();
        if (config != null && !config.isNull()) {
            FieldPath configPath = path.child("spec", "gardenlet", "config");
            SeedTemplate seedTemplate = SeedTemplates.of(config);
            if (seedTemplate == null) {
                errs.add(FieldError.required(configPath.child("seedConfig").toString(), "seedConfig is required"));
            } else {
                errs.addAll(templateLabels(
                        labels(seedTemplate.metadata()),
                        selector,
                        configPath.child("seedConfig").child("metadata")));
            }
        }
        return errs;
    }

    /** {@code ValidateShootTemplateForManagedSeedSet}. */
    private List<FieldError> validateShootTemplate(ShootTemplate template, LabelSelector selector, FieldPath path) {
        ObjectMeta meta = template == null ? null : template.metadata();
        List<FieldError> errs = new ArrayList<>(templateLabels(labels(meta), selector, path.child("metadata")));
        List<Worker> workers =
                template == null || template.spec() == null || template.spec().provider() == null
                        ? null
                        : template.spec().provider().workers();
        if (workers == null || workers.isEmpty()) {
            errs.add(FieldError.invalid(
                    path.child("spec", "provider", "workers").toString(),
                    new GoValue(workers == null ? "[]core.Worker(nil)" : "[]core.Worker{}"),
                    "workers cannot be empty in the Shoot template for a ManagedSeedSet"));
        }
        errs.addAll(shootTemplates.validate(template, path));
        return errs;
    }

    /** {@code validateTemplateLabels}: a usable, non-empty selector must match the template's labels. */
    private static List<FieldError> templateLabels(Map<String, String> labels, LabelSelector selector, FieldPath path) {
        if (selector == null || LabelSelectors.empty(selector) || LabelSelectors.matches(selector, labels)) {
            return List.of();
        }
        return List.of(FieldError.invalid(
                path.child("labels").toString(),
                GoSyntax.stringMap(labels),
                "selector does not match template labels"));
    }

    private static Map<String, String> labels(ObjectMeta meta) {
        return meta == null ? null : meta.labels();
    }

    private static ManagedSeedSpec templateSpec(ManagedSeedTemplate template) {
        return template == null ? null : template.spec();
    }

    private static ManagedSeedSetSpec spec(ManagedSeedSet set) {
        return set.spec() != null ? set.spec() : new ManagedSeedSetSpec(null, null, null, null, null, null);
    }
}
