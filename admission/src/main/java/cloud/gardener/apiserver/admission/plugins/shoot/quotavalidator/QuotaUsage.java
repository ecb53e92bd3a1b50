package cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.Quota;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Volume;
import cloud.gardener.apiserver.api.core.v1beta1.VolumeType;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the shoots charged to one Quota allocate ({@code isQuotaExceeded}): the other shoots whose binding lists the
 * quota (in the shoot's namespace for a project quota, everywhere for a credentials quota) plus the shoot itself.
 */
final class QuotaUsage {

    static final List<String> METRICS =
            List.of("cpu", "gpu", "memory", "storage.standard", "storage.premium", "loadbalancer");

    private final GardenObjects garden;
    private final String namespace;
    private final String name;

    QuotaUsage(GardenObjects garden, String namespace, String name) {
        this.garden = garden;
        this.namespace = namespace;
        this.name = name;
    }

    /** The metrics of the quota the shoot would exceed, in Gardener's order. */
    Future<List<String>> exceeded(Shoot shoot, Quota quota) {
        return chargedShoots(quota).compose(others -> {
            List<Shoot> all = new ArrayList<>(others);
            all.add(shoot);
            Future<Map<String, Quantity>> sum = Future.succeededFuture(new HashMap<>());
            for (Shoot s : all) {
                sum = sum.compose(total -> resources(s).map(res -> {
                    res.forEach((k, v) -> total.merge(k, v, Quantity::add));
                    return total;
                }));
            }
            return sum.map(required -> {
                List<String> exceeded = new ArrayList<>();
                Map<String, Quantity> limits =
                        quota.spec() == null || quota.spec().metrics() == null
                                ? Map.of()
                                : quota.spec().metrics();
                for (String metric : METRICS) {
                    if (limits.containsKey(metric)
                            && limits.get(metric).compareTo(required.getOrDefault(metric, Quantity.zero())) < 0) {
                        exceeded.add(metric);
                    }
                }
                return exceeded;
            });
        });
    }

    /** {@code findShootsReferQuota}. */
    private Future<List<Shoot>> chargedShoots(Quota quota) {
        ObjectReference scope = quota.spec() == null ? null : quota.spec().scope();
        String scopeGvk = scope == null
                ? ""
                : Objects.toString(scope.apiVersion(), "") + "/" + Objects.toString(scope.kind(), "");
        String searchNamespace = switch (scopeGvk) {
            case "core.gardener.cloud/v1beta1/Project" -> namespace;
            case "v1/Secret", "security.gardener.cloud/v1alpha1/WorkloadIdentity" -> "";
            default -> null;
        };
        if (searchNamespace == null) {
            return Future.failedFuture(ApiException.internal("unknown quota scope"));
        }
        String quotaName = quota.metadata().name();
        String quotaNamespace = quota.metadata().namespace();
        var lookup = garden.lookup();
        return lookup.list(SecretBinding.class, GardenObjects.SECRET_BINDINGS, searchNamespace)
                .compose(sbs -> lookup.list(
                                CredentialsBinding.class, GardenObjects.CREDENTIALS_BINDINGS, searchNamespace)
                        .compose(cbs -> {
                            Map<String, Set<String>> secretBindings = new LinkedHashMap<>();
                            Map<String, Set<String>> credentialsBindings = new LinkedHashMap<>();
                            for (SecretBinding b : sbs) {
                                if (refersTo(b.quotas(), quotaName, quotaNamespace)) {
                                    secretBindings
                                            .computeIfAbsent(b.metadata().namespace(), k -> new HashSet<>())
                                            .add(b.metadata().name());
                                    credentialsBindings.computeIfAbsent(
                                            b.metadata().namespace(), k -> new HashSet<>());
                                }
                            }
                            for (CredentialsBinding b : cbs) {
                                if (refersTo(b.quotas(), quotaName, quotaNamespace)) {
                                    credentialsBindings
                                            .computeIfAbsent(b.metadata().namespace(), k -> new HashSet<>())
                                            .add(b.metadata().name());
                                    secretBindings.computeIfAbsent(b.metadata().namespace(), k -> new HashSet<>());
                                }
                            }
                            Future<List<Shoot>> result = Future.succeededFuture(new ArrayList<>());
                            for (String ns : secretBindings.keySet()) {
                                result = result.compose(acc -> lookup.list(Shoot.class, GardenObjects.SHOOTS, ns)
                                        .map(shoots -> {
                                            for (Shoot s : shoots) {
                                                if (namespace.equals(ns)
                                                        && name.equals(text(
                                                                s.metadata().name()))) {
                                                    continue;
                                                }
                                                ShootSpec spec = s.spec();
                                                if (spec == null) {
                                                    continue;
                                                }
                                                if (secretBindings.get(ns).contains(text(spec.secretBindingName()))
                                                        || credentialsBindings
                                                                .get(ns)
                                                                .contains(text(spec.credentialsBindingName()))) {
                                                    acc.add(s);
                                                }
                                            }
                                            return acc;
                                        }));
                            }
                            return result;
                        }));
    }

    private static boolean refersTo(List<ObjectReference> quotas, String name, String namespace) {
        if (quotas == null) {
            return false;
        }
        return quotas.stream().anyMatch(q -> name.equals(q.name()) && Objects.equals(namespace, q.namespace()));
    }

    /** {@code getShootResources}: the workers at their maximum, their volumes by class, and the load balancers. */
    private Future<Map<String, Quantity>> resources(Shoot shoot) {
        String shootNamespace = shoot.metadata() == null || shoot.metadata().namespace() == null
                ? namespace
                : shoot.metadata().namespace();
        return garden.cloudProfileSpec(shoot, shootNamespace, "could not find referenced cloud profile: ")
                .recover(e -> Future.failedFuture(ApiException.internal(e.getMessage())))
                .compose(spec -> {
                    if (spec.isEmpty()) {
                        return Future.failedFuture(
                                ApiException.internal("no cloudprofile reference has been provided"));
                    }
                    try {
                        return Future.succeededFuture(resources(shoot, spec.get()));
                    } catch (IllegalArgumentException e) {
                        return Future.failedFuture(ApiException.internal(e.getMessage()));
                    }
                });
    }

    /** The resources of the shoot priced from {@code profile} (null: Go's zero spec, no types at all). */
    static Map<String, Quantity> resources(Shoot shoot, CloudProfileSpec profile) {
        Map<String, Quantity> res = new HashMap<>();
        List<MachineType> machineTypes = profile == null ? List.of() : list(profile.machineTypes());
        List<VolumeType> volumeTypes = profile == null ? List.of() : list(profile.volumeTypes());
        for (Worker worker : ShootTrees.workers(shoot.spec())) {
            String typeName = ShootQuotaValidatorPlugin.machineType(worker);
            MachineType type = machineTypes.stream()
                    .filter(t -> typeName.equals(text(t.name())))
                    .findFirst()
                    .orElseThrow(() ->
                            new IllegalArgumentException("machineType " + typeName + " not found in CloudProfile"));
            Volume volume = worker.volume();
            String volumeSize = volume != null ? text(volume.size()) : null;
            String volumeTypeName = volume != null ? volume.type() : null;
            if (volume == null && type.storage() != null && type.storage().size() != null) {
                volumeSize = type.storage().size().toString();
                volumeTypeName = type.storage().type();
            }
            String volumeClass = null;
            if (volumeSize != null) {
                if (type.storage() != null) {
                    volumeClass = Objects.toString(type.storage().classValue(), "");
                } else {
                    for (VolumeType v : volumeTypes) {
                        if (volumeTypeName != null && volumeTypeName.equals(text(v.name()))) {
                            volumeClass = Objects.toString(v.classValue(), "");
                            break;
                        }
                    }
                }
            }
            if (volumeClass == null) {
                throw new IllegalArgumentException("VolumeType " + typeName + " not found in CloudProfile");
            }
            int maximum = worker.maximum();
            add(res, "cpu", times(type.cpu(), maximum));
            add(res, "gpu", times(type.gpu(), maximum));
            add(res, "memory", times(type.memory(), maximum));
            Quantity size = volumeSize == null ? Quantity.zero() : Quantity.parse(volumeSize);
            switch (volumeClass) {
                case "standard" -> add(res, "storage.standard", times(size, maximum));
                case "premium" -> add(res, "storage.premium", times(size, maximum));
                default -> throw new IllegalArgumentException("unknown volumeType class " + volumeClass);
            }
        }
        res.put("loadbalancer", Quantity.parse(ShootQuotaValidatorPlugin.nginxIngress(shoot) ? "2" : "1"));
        return res;
    }

    private static void add(Map<String, Quantity> res, String metric, Quantity q) {
        res.merge(metric, q, Quantity::add);
    }

    private static Quantity times(Quantity q, int n) {
        Quantity result = Quantity.zero();
        for (int i = 0; i < n && q != null; i++) {
            result = result.add(q);
        }
        return result;
    }
}
