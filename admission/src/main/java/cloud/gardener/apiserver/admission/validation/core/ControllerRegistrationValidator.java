package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistrationDeployment;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistrationSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerResource;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerResourceLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.DeploymentRef;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ValidateControllerRegistration}: extension kinds and types, Extension-only fields, deployment policy
 * and references; the primary flag of a kind/type is immutable and the spec is frozen once deletion started.
 * Rules read the v1beta1 defaults (primary true; Extension resources compatible with shoots) as Gardener
 * validates defaulted objects.
 */
public final class ControllerRegistrationValidator implements Validator<ControllerRegistration> {

    static final List<String> EXTENSION_KINDS = List.of(
            "BackupBucket",
            "BackupEntry",
            "Bastion",
            "ContainerRuntime",
            "ControlPlane",
            "DNSRecord",
            "Extension",
            "Infrastructure",
            "Network",
            "OperatingSystemConfig",
            "SelfHostedShootExposure",
            "Worker");
    static final List<String> POLICIES = List.of("Always", "AlwaysExceptNoShoots", "OnDemand");
    static final List<String> STRATEGIES = List.of("AfterKubeAPIServer", "BeforeKubeAPIServer");
    static final List<String> RECONCILE_STRATEGIES =
            List.of("AfterKubeAPIServer", "AfterWorker", "BeforeKubeAPIServer");
    static final List<String> CLUSTER_TYPES = List.of("seed", "shoot");

    @Override
    public List<FieldError> validate(ControllerRegistration reg) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                reg.metadata(), false, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        ControllerRegistrationSpec spec = spec(reg);
        FieldPath path = FieldPath.of("spec");
        errs.addAll(controllerResources(spec.resources(), CLUSTER_TYPES, path.child("resources")));
        ControllerRegistrationDeployment deployment = spec.deployment();
        if (deployment != null) {
            FieldPath dp = path.child("deployment");
            if (deployment.policy() != null && !POLICIES.contains(deployment.policy())) {
                errs.add(FieldError.notSupported(dp.child("policy").toString(), deployment.policy(), POLICIES));
            }
            if (deployment.seedSelector() != null) {
                boolean primarily = list(spec.resources()).stream().anyMatch(r -> r.primary() == null || r.primary());
                if (primarily) {
                    errs.add(FieldError.forbidden(
                            dp.child("seedSelector").toString(),
                            "specifying a seed selector is not allowed when controlling resources primarily"));
                }
                errs.addAll(NameRules.labelSelector(deployment.seedSelector(), dp.child("seedSelector")));
            }
            List<DeploymentRef> refs = list(deployment.deploymentRefs());
            if (refs.size() > 1) {
                errs.add(FieldError.forbidden(
                        dp.child("deploymentRefs").toString(), "only one deployment reference is allowed"));
            }
            for (int i = 0; i < refs.size(); i++) {
                if (empty(refs.get(i).name())) {
                    errs.add(FieldError.required(
                            dp.child("deploymentRefs").index(i).child("name").toString(), "must not be empty"));
                }
            }
        }
        return errs;
    }

    /** {@code ValidateControllerResources}, also used for the resources of operator Extensions. */
    public static List<FieldError> controllerResources(
            List<ControllerResource> resources, List<String> clusterTypes, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, String> kindToType = new HashMap<>();
        List<ControllerResource> rs = list(resources);
        for (int i = 0; i < rs.size(); i++) {
            ControllerResource r = rs.get(i);
            FieldPath idx = path.index(i);
            String kind = text(r.kind());
            String type = text(r.type());
            if (kind.isEmpty()) {
                errs.add(FieldError.required(idx.child("kind").toString(), "field is required"));
            }
            if (!EXTENSION_KINDS.contains(kind)) {
                errs.add(FieldError.notSupported(idx.child("kind").toString(), kind, EXTENSION_KINDS));
            }
            if (type.isEmpty()) {
                errs.add(FieldError.required(idx.child("type").toString(), "field is required"));
            }
            if (type.equals(kindToType.get(kind))) {
                errs.add(FieldError.duplicate(idx.toString(), kind + "/" + type));
            }
            kindToType.put(kind, type);
            if (!kind.equals("SelfHostedShootExposure") && r.continuousEndpointUpdate() != null) {
                errs.add(FieldError.forbidden(
                        idx.child("continuousEndpointUpdate").toString(),
                        "field must not be set when kind != SelfHostedShootExposure"));
            }
            if (!kind.equals("Extension")) {
                String msg = "field must not be set when kind != Extension";
                if (!list(r.autoEnable()).isEmpty()) {
                    errs.add(FieldError.forbidden(idx.child("autoEnable").toString(), msg));
                }
                if (!list(r.clusterCompatibility()).isEmpty()) {
                    errs.add(FieldError.forbidden(
                            idx.child("clusterCompatibility").toString(), msg));
                }
                if (r.reconcileTimeout() != null) {
                    errs.add(FieldError.forbidden(idx.child("reconcileTimeout").toString(), msg));
                }
                if (r.lifecycle() != null) {
                    errs.add(FieldError.forbidden(idx.child("lifecycle").toString(), msg));
                }
                continue;
            }
            List<String> compatibility =
                    list(r.clusterCompatibility()).isEmpty() ? List.of("shoot") : r.clusterCompatibility();
            Set<String> compatible = new LinkedHashSet<>();
            for (int j = 0; j < compatibility.size(); j++) {
                String ct = text(compatibility.get(j));
                FieldPath p = idx.child("clusterCompatibility").index(j);
                if (!clusterTypes.contains(ct)) {
                    errs.add(FieldError.notSupported(p.toString(), ct, clusterTypes));
                }
                if (!compatible.add(ct)) {
                    errs.add(FieldError.duplicate(p.toString(), ct));
                }
            }
            Set<String> autoEnabled = new LinkedHashSet<>();
            List<String> autoEnable = list(r.autoEnable());
            for (int j = 0; j < autoEnable.size(); j++) {
                String ct = text(autoEnable.get(j));
                FieldPath p = idx.child("autoEnable").index(j);
                if (!clusterTypes.contains(ct)) {
                    errs.add(FieldError.notSupported(p.toString(), ct, clusterTypes));
                }
                if (!compatible.contains(ct)) {
                    errs.add(FieldError.forbidden(
                            p.toString(),
                            "autoEnable is not allowed for cluster type \"" + ct
                                    + "\" when clusterCompatibility is set to " + CoreRules.goList(compatible)));
                }
                if (!autoEnabled.add(ct)) {
                    errs.add(FieldError.duplicate(p.toString(), ct));
                }
            }
            ControllerResourceLifecycle lc = r.lifecycle();
            if (lc != null) {
                FieldPath lp = idx.child("lifecycle");
                if (lc.reconcile() != null && !RECONCILE_STRATEGIES.contains(lc.reconcile())) {
                    errs.add(FieldError.notSupported(
                            lp.child("reconcile").toString(), lc.reconcile(), RECONCILE_STRATEGIES));
                }
                if (lc.delete() != null && !STRATEGIES.contains(lc.delete())) {
                    errs.add(FieldError.notSupported(lp.child("delete").toString(), lc.delete(), STRATEGIES));
                }
                if (lc.migrate() != null && !STRATEGIES.contains(lc.migrate())) {
                    errs.add(FieldError.notSupported(lp.child("migrate").toString(), lc.migrate(), STRATEGIES));
                }
            }
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(ControllerRegistration reg, ControllerRegistration old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(reg.metadata(), old.metadata(), FieldPath.of("metadata")));
        FieldPath path = FieldPath.of("spec");
        boolean deleting = reg.metadata() != null && reg.metadata().deletionTimestamp() != null;
        if (deleting && !CoreRules.semanticEqual(spec(reg), spec(old))) {
            errs.add(FieldError.forbidden(
                    path.toString(),
                    "cannot update controller registration spec if deletion timestamp is set. Requested changes: "
                            + CoreRules.tree(spec(reg))));
        } else {
            Map<String, Boolean> primaryByKindType = new HashMap<>();
            for (ControllerResource r : list(spec(old).resources())) {
                primaryByKindType.put(text(r.kind()) + "/" + text(r.type()), primary(r));
            }
            List<ControllerResource> rs = list(spec(reg).resources());
            for (int i = 0; i < rs.size(); i++) {
                String id = text(rs.get(i).kind()) + "/" + text(rs.get(i).type());
                if (primaryByKindType.containsKey(id)) {
                    errs.addAll(CoreRules.immutable(
                            primary(rs.get(i)),
                            primaryByKindType.get(id),
                            path.child("resources").index(i).child("primary")));
                }
            }
        }
        errs.addAll(validate(reg));
        return errs;
    }

    /** The defaulted primary flag. */
    private static boolean primary(ControllerResource r) {
        return r.primary() == null || r.primary();
    }

    private static ControllerRegistrationSpec spec(ControllerRegistration reg) {
        return reg.spec() == null ? new ControllerRegistrationSpec(null, null) : reg.spec();
    }
}
