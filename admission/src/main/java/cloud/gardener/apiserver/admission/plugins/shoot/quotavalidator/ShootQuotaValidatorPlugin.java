package cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.api.core.v1beta1.Addons;
import cloud.gardener.apiserver.api.core.v1beta1.Quota;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;

/**
 * Gardener's ShootQuotaValidator ({@code plugin/pkg/shoot/quotavalidator}): the Quotas of the shoot's SecretBinding or
 * CredentialsBinding bound the sum of what all shoots using bindings with that quota may allocate (CPU, GPU, memory,
 * storage per volume class and load balancers, at their workers' maximum), and the shortest quota cluster lifetime
 * bounds how far the expiration-timestamp annotation may be moved.
 */
public final class ShootQuotaValidatorPlugin extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ShootQuotaValidator";
    static final String EXPIRATION = "shoot.gardener.cloud/expiration-timestamp";

    private final ObjectLookup objects;
    private final GardenObjects garden;
    private final Clock clock;

    public ShootQuotaValidatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.garden = new GardenObjects(context.objects());
        this.clock = context.clock();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!"Shoot".equals(a.kind().kind())
                || !GardenObjects.GROUP.equals(a.kind().group())
                || !a.subresource().isEmpty()
                || a.object() == null) {
            return Future.succeededFuture();
        }
        Shoot shoot = a.object(Shoot.class);
        if (shoot.metadata() != null && shoot.metadata().deletionTimestamp() != null) {
            return Future.succeededFuture();
        }
        boolean checkQuota = a.operation() == Operation.CREATE;
        boolean checkLifetime = false;
        if (a.operation() == Operation.UPDATE && a.oldObject() != null) {
            Shoot old = a.oldObject(Shoot.class);
            checkQuota = quotaVerificationNeeded(shoot, old);
            checkLifetime = lifetimeVerificationNeeded(shoot, old);
        }
        boolean quota = checkQuota;
        boolean lifetime = checkLifetime;
        return quotaReferences(shoot.spec(), a.namespace()).compose(refs -> {
            Future<Integer> chain = Future.succeededFuture(null);
            for (ObjectReference ref : refs) {
                chain = chain.compose(maxLifetime -> objects.get(
                                Quota.class, GardenObjects.QUOTAS, text(ref.namespace()), text(ref.name()))
                        .compose(found -> {
                            if (found.isEmpty()) {
                                return Future.failedFuture(ApiException.internal(
                                        "quota.core.gardener.cloud \"" + text(ref.name()) + "\" not found"));
                            }
                            Quota q = found.get();
                            Integer days = q.spec() == null ? null : q.spec().clusterLifetimeDays();
                            Integer max = maxLifetime;
                            if (lifetime && days != null && (max == null || max > days)) {
                                max = days;
                            }
                            Integer result = max;
                            if (!quota) {
                                return Future.succeededFuture(result);
                            }
                            return new QuotaUsage(garden, a.namespace(), a.name())
                                    .exceeded(shoot, q)
                                    .compose(exceeded -> {
                                        if (exceeded.isEmpty()) {
                                            return Future.succeededFuture(result);
                                        }
                                        return Rejections.forbid(
                                                a,
                                                "quota limits exceeded. Unable to allocate further "
                                                        + String.join(" ", exceeded) + " ");
                                    });
                        }));
            }
            return chain.compose(maxLifetime -> expiration(a, shoot, lifetime, maxLifetime));
        });
    }

    /** The planned expiration may be at most the shortest quota lifetime from now. */
    private Future<Void> expiration(Attributes a, Shoot shoot, boolean checkLifetime, Integer maxLifetimeDays) {
        String planned = expiration(shoot);
        if (!checkLifetime || planned == null || maxLifetimeDays == null) {
            return Future.succeededFuture();
        }
        Instant plannedTime;
        try {
            plannedTime = java.time.OffsetDateTime.parse(planned).toInstant();
        } catch (DateTimeParseException e) {
            return Future.failedFuture(ApiException.internal(
                    "parsing time \"" + planned + "\" as \"2006-01-02T15:04:05Z07:00\": cannot parse"));
        }
        Instant max = clock.instant().plusSeconds(maxLifetimeDays * 24L * 3600L);
        if (plannedTime.isAfter(max)) {
            return Rejections.forbid(
                    a,
                    "requested shoot expiration time is too long. Can only be extended by " + maxLifetimeDays
                            + " day(s)");
        }
        return Future.succeededFuture();
    }

    /** The quotas of the shoot's SecretBinding, else of its CredentialsBinding (Go: the names are pointers). */
    private Future<List<ObjectReference>> quotaReferences(ShootSpec spec, String namespace) {
        String sb = spec == null ? null : spec.secretBindingName();
        String cb = spec == null ? null : spec.credentialsBindingName();
        if (sb != null) {
            return objects.get(SecretBinding.class, GardenObjects.SECRET_BINDINGS, namespace, sb)
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(
                                    ApiException.internal("secretbinding.core.gardener.cloud \"" + sb + "\" not found"))
                            : Future.succeededFuture(list(found.get().quotas())));
        }
        if (cb != null) {
            return objects.get(CredentialsBinding.class, GardenObjects.CREDENTIALS_BINDINGS, namespace, cb)
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(ApiException.internal(
                                    "credentialsbinding.security.gardener.cloud \"" + cb + "\" not found"))
                            : Future.succeededFuture(list(found.get().quotas())));
        }
        return Future.succeededFuture(List.of());
    }

    /**
     * {@code lifetimeVerificationNeeded}: the expiration annotation differs from the old one (or, without one, from
     * the old creation time, which no annotation value equals here).
     */
    static boolean lifetimeVerificationNeeded(Shoot shoot, Shoot old) {
        String oldAnnotation = expiration(old);
        String oldLifetime = oldAnnotation != null
                ? oldAnnotation
                : "creation:"
                        + (old.metadata() == null
                                ? ""
                                : Objects.toString(old.metadata().creationTimestamp(), ""));
        return !oldLifetime.equals(text(expiration(shoot)));
    }

    /** The shoot's expiration-timestamp annotation, null when it has none. */
    private static String expiration(Shoot shoot) {
        ObjectMeta meta = shoot.metadata();
        return meta == null || meta.annotations() == null
                ? null
                : meta.annotations().get(EXPIRATION);
    }

    /**
     * {@code quotaVerificationNeeded}: nginx-ingress turned on, or a worker new or changed in type, maximum or volume
     * (Go's semantic equality of the volumes: an absent volume equals a null one).
     */
    static boolean quotaVerificationNeeded(Shoot shoot, Shoot old) {
        if (!nginxIngress(old) && nginxIngress(shoot)) {
            return true;
        }
        List<Worker> oldWorkers = ShootTrees.workers(old.spec());
        for (Worker worker : ShootTrees.workers(shoot.spec())) {
            boolean oldHasWorker = false;
            for (Worker oldWorker : oldWorkers) {
                if (text(worker.name()).equals(text(oldWorker.name()))) {
                    oldHasWorker = true;
                    if (!machineType(worker).equals(machineType(oldWorker))
                            || worker.maximum() != oldWorker.maximum()
                            || !Objects.equals(worker.volume(), oldWorker.volume())) {
                        return true;
                    }
                }
            }
            if (!oldHasWorker) {
                return true;
            }
        }
        return false;
    }

    /** A worker's machine type, empty where Go sees the zero value. */
    static String machineType(Worker worker) {
        return worker.machine() == null ? "" : text(worker.machine().type());
    }

    /** {@code helper.NginxIngressEnabled}. */
    static boolean nginxIngress(Shoot shoot) {
        Addons addons = shoot.spec() == null ? null : shoot.spec().addons();
        return addons != null
                && addons.nginxIngress() != null
                && addons.nginxIngress().addon() != null
                && addons.nginxIngress().addon().enabled();
    }
}
