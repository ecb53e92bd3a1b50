package cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.api.core.v1beta1.Quota;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
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
        JsonNode shoot = a.object();
        if (shoot.path("metadata").hasNonNull("deletionTimestamp")) {
            return Future.succeededFuture();
        }
        boolean checkQuota = a.operation() == Operation.CREATE;
        boolean checkLifetime = false;
        if (a.operation() == Operation.UPDATE && a.oldObject() != null) {
            checkQuota = quotaVerificationNeeded(shoot, a.oldObject());
            checkLifetime = lifetimeVerificationNeeded(shoot, a.oldObject());
        }
        boolean quota = checkQuota;
        boolean lifetime = checkLifetime;
        return quotaReferences(shoot, a.namespace()).compose(refs -> {
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
    private Future<Void> expiration(Attributes a, JsonNode shoot, boolean checkLifetime, Integer maxLifetimeDays) {
        JsonNode planned = shoot.path("metadata").path("annotations").path(EXPIRATION);
        if (!checkLifetime || !planned.isTextual() || maxLifetimeDays == null) {
            return Future.succeededFuture();
        }
        Instant plannedTime;
        try {
            plannedTime = java.time.OffsetDateTime.parse(planned.asText()).toInstant();
        } catch (DateTimeParseException e) {
            return Future.failedFuture(ApiException.internal(
                    "parsing time \"" + planned.asText() + "\" as \"2006-01-02T15:04:05Z07:00\": cannot parse"));
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

    /** The quotas of the shoot's SecretBinding, else of its CredentialsBinding. */
    private Future<List<ObjectReference>> quotaReferences(JsonNode shoot, String namespace) {
        JsonNode sb = shoot.path("spec").path("secretBindingName");
        JsonNode cb = shoot.path("spec").path("credentialsBindingName");
        if (sb.isTextual()) {
            return objects.get(SecretBinding.class, GardenObjects.SECRET_BINDINGS, namespace, sb.asText())
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(ApiException.internal(
                                    "secretbinding.core.gardener.cloud \"" + sb.asText() + "\" not found"))
                            : Future.succeededFuture(list(found.get().quotas())));
        }
        if (cb.isTextual()) {
            return objects.get(CredentialsBinding.class, GardenObjects.CREDENTIALS_BINDINGS, namespace, cb.asText())
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(ApiException.internal(
                                    "credentialsbinding.security.gardener.cloud \"" + cb.asText() + "\" not found"))
                            : Future.succeededFuture(list(found.get().quotas())));
        }
        return Future.succeededFuture(List.of());
    }

    /** {@code lifetimeVerificationNeeded}: the expiration annotation differs from the old one (or old creation time). */
    static boolean lifetimeVerificationNeeded(JsonNode shoot, JsonNode old) {
        JsonNode oldAnnotation = old.path("metadata").path("annotations").path(EXPIRATION);
        String oldLifetime = oldAnnotation.isTextual()
                ? oldAnnotation.asText()
                : "creation:" + old.path("metadata").path("creationTimestamp").asText("");
        return !oldLifetime.equals(
                shoot.path("metadata").path("annotations").path(EXPIRATION).asText(""));
    }

    /** {@code quotaVerificationNeeded}: nginx-ingress turned on, or a worker new or changed in type, maximum or volume. */
    static boolean quotaVerificationNeeded(JsonNode shoot, JsonNode old) {
        if (!nginxIngress(old) && nginxIngress(shoot)) {
            return true;
        }
        for (JsonNode worker : shoot.path("spec").path("provider").path("workers")) {
            boolean oldHasWorker = false;
            for (JsonNode oldWorker : old.path("spec").path("provider").path("workers")) {
                if (worker.path("name").asText("").equals(oldWorker.path("name").asText(""))) {
                    oldHasWorker = true;
                    if (!worker.path("machine")
                                    .path("type")
                                    .asText("")
                                    .equals(oldWorker
                                            .path("machine")
                                            .path("type")
                                            .asText(""))
                            || worker.path("maximum").asInt(0)
                                    != oldWorker.path("maximum").asInt(0)
                            || !Objects.equals(worker.get("volume"), oldWorker.get("volume"))) {
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

    static boolean nginxIngress(JsonNode shoot) {
        return shoot.path("spec")
                .path("addons")
                .path("nginxIngress")
                .path("enabled")
                .asBoolean(false);
    }

    private static <T> List<T> list(List<T> items) {
        return items == null ? List.of() : new ArrayList<>(items);
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
