package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.gvk;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.Quota;
import cloud.gardener.apiserver.api.core.v1beta1.QuotaSpec;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** {@code ValidateQuota}: supported scope and metrics, metric values are non-negative quantities. */
public final class QuotaValidator implements Validator<Quota> {

    static final Set<String> METRICS =
            Set.of("cpu", "gpu", "memory", "storage.standard", "storage.premium", "loadbalancer");
    static final List<String> SCOPES = List.of(
            "core.gardener.cloud/v1beta1, Kind=Project",
            "/v1, Kind=Secret",
            "security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity");

    @Override
    public List<FieldError> validate(Quota quota) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                quota.metadata(), true, NameRules.DNS_SUBDOMAIN_NAME, FieldPath.of("metadata")));
        QuotaSpec spec = quota.spec() == null ? new QuotaSpec(null, null, null) : quota.spec();
        FieldPath path = FieldPath.of("spec");
        if (spec.clusterLifetimeDays() != null && spec.clusterLifetimeDays() < 1) {
            errs.add(FieldError.invalid(
                    path.child("clusterLifetimeDays").toString(),
                    spec.clusterLifetimeDays(),
                    "must be greater than 0"));
        }
        ObjectReference scope =
                spec.scope() == null ? new ObjectReference(null, null, null, null, null, null, null) : spec.scope();
        if (!inScope(scope)) {
            errs.add(FieldError.notSupported(
                    path.child("scope").toString(), gvk(scope.apiVersion(), scope.kind()), SCOPES));
        }
        for (Map.Entry<String, Quantity> e : new TreeMap<>(CoreRules.map(spec.metrics())).entrySet()) {
            FieldPath key = path.child("metrics").key(e.getKey());
            if (!METRICS.contains(e.getKey())) {
                errs.add(FieldError.invalid(
                        key.toString(), String.valueOf(e.getValue()), e.getKey() + " is no supported quota metric"));
            }
            errs.addAll(CoreRules.resourceQuantityValue(e.getKey(), e.getValue(), key));
        }
        return errs;
    }

    /** {@code helper.QuotaScope}: a project or credentials (secret or workload identity), by group and kind. */
    private static boolean inScope(ObjectReference scope) {
        String g = gvk(scope.apiVersion(), scope.kind());
        String group = g.substring(0, g.indexOf('/'));
        String kind = CoreRules.text(scope.kind());
        return (group.equals(StandardResources.CORE) && kind.equals("Project"))
                || (group.isEmpty() && kind.equals("Secret"))
                || (group.equals(StandardResources.SECURITY) && kind.equals("WorkloadIdentity"));
    }

    @Override
    public List<FieldError> validateUpdate(Quota quota, Quota old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(quota.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(CoreRules.immutable(
                quota.spec() == null ? null : quota.spec().scope(),
                old.spec() == null ? null : old.spec().scope(),
                FieldPath.of("spec", "scope")));
        errs.addAll(validate(quota));
        return errs;
    }
}
