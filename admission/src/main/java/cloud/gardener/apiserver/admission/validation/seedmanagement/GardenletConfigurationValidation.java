package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.admission.validation.core.NameRules;
import cloud.gardener.apiserver.admission.validation.core.SeedValidator;
import cloud.gardener.apiserver.api.core.v1beta1.SeedTemplate;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.NameFormats;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * Gardener's {@code ValidateGardenletConfiguration} and {@code ValidateGardenletConfigurationUpdate} on the
 * embedded {@code gardenlet.config.gardener.cloud/v1alpha1} GardenletConfiguration, read from its JSON because the
 * model keeps it as raw JSON. As in Gardener, a few paths are rooted at the top ({@code leaderElection},
 * {@code logLevel}, {@code logFormat}) rather than under the configuration's own path.
 */
final class GardenletConfigurationValidation {

    private static final List<String> LOG_LEVELS = List.of("debug", "info", "error");
    private static final List<String> LOG_FORMATS = List.of("json", "text");
    private static final List<String> SHOOT_PURPOSES =
            List.of("development", "evaluation", "infrastructure", "production", "testing");
    private static final String NEGATIVE = "must be greater than or equal to 0";
    private static final long TEN_MINUTES = Duration.ofMinutes(10).nanos();

    private GardenletConfigurationValidation() {}

    static List<FieldError> validate(JsonNode cfg, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (JsonTrees.isSet(cfg.get("gardenClientConnection"))) {
            JsonNode gcc = cfg.get("gardenClientConnection");
            FieldPath gccPath = path.child("gardenClientConnection");
            errs.addAll(clientConnection(gcc, gccPath));
            if (JsonTrees.isSet(gcc.get("kubeconfigValidity"))) {
                errs.addAll(kubeconfigValidity(gcc.get("kubeconfigValidity"), gccPath.child("kubeconfigValidity")));
            }
        }
        if (JsonTrees.isSet(cfg.get("seedClientConnection"))) {
            errs.addAll(clientConnection(cfg.get("seedClientConnection"), path.child("seedClientConnection")));
        }
        if (JsonTrees.isSet(cfg.get("shootClientConnection"))) {
            errs.addAll(clientConnection(cfg.get("shootClientConnection"), path.child("shootClientConnection")));
        }
        errs.addAll(leaderElection(cfg.get("leaderElection"), FieldPath.of("leaderElection")));
        JsonNode controllers = cfg.get("controllers");
        if (JsonTrees.isSet(controllers)) {
            errs.addAll(controllers(controllers, path.child("controllers")));
        }
        String logLevel = JsonTrees.text(cfg.get("logLevel"));
        if (!logLevel.isEmpty() && !LOG_LEVELS.contains(logLevel)) {
            errs.add(FieldError.notSupported("logLevel", logLevel, LOG_LEVELS));
        }
        String logFormat = JsonTrees.text(cfg.get("logFormat"));
        if (!logFormat.isEmpty() && !LOG_FORMATS.contains(logFormat)) {
            errs.add(FieldError.notSupported("logFormat", logFormat, LOG_FORMATS));
        }
        SeedTemplate seedTemplate;
        try {
            seedTemplate = SeedTemplates.of(cfg);
        } catch (DecodeException e) {
            // upstream's validateGardenletConfiguration when the seed template does not convert: Invalid, and
            // nothing more is checked
            errs.add(FieldError.invalid(
                    path.child("seedConfig").toString(),
                    cfg.get("seedConfig"),
                    "could not convert gardenlet config: " + e.getMessage()));
            return errs;
        }
        if (seedTemplate != null) {
            FieldPath seedConfig = path.child("seedConfig");
            var meta = seedTemplate.metadata();
            errs.addAll(ObjectMetaValidation.validateLabels(
                    meta == null ? null : meta.labels(), seedConfig.child("metadata", "labels")));
            errs.addAll(ObjectMetaValidation.validateAnnotations(
                    meta == null ? null : meta.annotations(), seedConfig.child("metadata", "annotations")));
            errs.addAll(SeedValidator.validateSpec(seedTemplate.spec(), seedConfig.child("spec"), true));
        }
        errs.addAll(resources(cfg.get("resources"), path.child("resources")));
        JsonNode sniIP = JsonTrees.at(cfg, "sni", "ingress", "serviceExternalIP");
        if (JsonTrees.isSet(sniIP) && !isIP(JsonTrees.text(sniIP))) {
            errs.add(FieldError.invalid(
                    path.child("sni", "ingress", "serviceExternalIP").toString(),
                    JsonTrees.text(sniIP),
                    "external service ip is invalid"));
        }
        errs.addAll(exposureClassHandlers(cfg.get("exposureClassHandlers"), path.child("exposureClassHandlers")));
        JsonNode nodeToleration = cfg.get("nodeToleration");
        if (JsonTrees.isSet(nodeToleration)) {
            FieldPath p = path.child("nodeToleration");
            errs.addAll(nonNegative(
                    number(nodeToleration.get("defaultNotReadyTolerationSeconds")),
                    p.child("defaultNotReadyTolerationSeconds")));
            errs.addAll(nonNegative(
                    number(nodeToleration.get("defaultUnreachableTolerationSeconds")),
                    p.child("defaultUnreachableTolerationSeconds")));
        }
        return errs;
    }

    static List<FieldError> validateUpdate(JsonNode cfg, JsonNode oldCfg, FieldPath path) {
        SeedTemplate seed;
        SeedTemplate oldSeed;
        try {
            seed = SeedTemplates.of(cfg);
            oldSeed = SeedTemplates.of(oldCfg);
        } catch (DecodeException e) {
            return List.of(); // the new configuration's own validation reports it
        }
        if (seed == null || oldSeed == null) {
            return List.of();
        }
        return SeedValidator.validateSpecUpdate(seed.spec(), oldSeed.spec(), path.child("seedConfig", "spec"));
    }

    /** {@code ValidateClientConnectionConfiguration}: a non-negative burst. */
    private static List<FieldError> clientConnection(JsonNode conn, FieldPath path) {
        Long burst = number(conn.get("burst"));
        return burst != null && burst < 0
                ? List.of(FieldError.invalid(path.child("burst").toString(), burst, "must be non-negative"))
                : List.of();
    }

    private static List<FieldError> kubeconfigValidity(JsonNode conf, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Duration validity = duration(conf.get("validity"));
        if (validity != null && validity.nanos() < TEN_MINUTES) {
            errs.add(FieldError.invalid(path.child("validity").toString(), validity, "validity must be at least 10m"));
        }
        Long min = number(conf.get("autoRotationJitterPercentageMin"));
        Long max = number(conf.get("autoRotationJitterPercentageMax"));
        if (min != null && min < 1) {
            errs.add(FieldError.invalid(
                    path.child("autoRotationJitterPercentageMin").toString(),
                    min,
                    "minimum percentage must be at least 1"));
        }
        if (max != null && max > 100) {
            errs.add(FieldError.invalid(
                    path.child("autoRotationJitterPercentageMax").toString(),
                    max,
                    "maximum percentage must be at most 100"));
        }
        if (min != null && max != null && min >= max) {
            errs.add(FieldError.invalid(
                    path.child("autoRotationJitterPercentageMin").toString(),
                    min,
                    "minimum percentage must be less than maximum percentage"));
        }
        return errs;
    }

    /** component-base's {@code ValidateLeaderElectionConfiguration}, only when leader election is enabled. */
    private static List<FieldError> leaderElection(JsonNode le, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (!JsonTrees.isSet(le) || !le.path("leaderElect").asBoolean(false)) {
            return errs;
        }
        Duration lease = orZero(duration(le.get("leaseDuration")));
        Duration renew = orZero(duration(le.get("renewDeadline")));
        Duration retry = orZero(duration(le.get("retryPeriod")));
        if (lease.nanos() <= 0) {
            errs.add(FieldError.invalid(path.child("leaseDuration").toString(), lease, "must be greater than zero"));
        }
        if (renew.nanos() <= 0) {
            errs.add(FieldError.invalid(path.child("renewDeadline").toString(), renew, "must be greater than zero"));
        }
        if (retry.nanos() <= 0) {
            errs.add(FieldError.invalid(path.child("retryPeriod").toString(), retry, "must be greater than zero"));
        }
        if (lease.nanos() <= renew.nanos()) {
            errs.add(FieldError.invalid(
                    path.child("leaseDuration").toString(), renew, "LeaseDuration must be greater than RenewDeadline"));
        }
        for (String[] field : new String[][] {
            {"resourceLock", "resourceLock is required"},
            {"resourceNamespace", "resourceNamespace is required"},
            {"resourceName", "resourceName is required"}
        }) {
            String value = JsonTrees.text(le.get(field[0]));
            if (value.isEmpty()) {
                errs.add(FieldError.invalid(path.child(field[0]).toString(), value, field[1]));
            }
        }
        return errs;
    }

    private static List<FieldError> controllers(JsonNode controllers, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        JsonNode backupEntry = controllers.get("backupEntry");
        if (JsonTrees.isSet(backupEntry)) {
            FieldPath p = path.child("backupEntry", "deletionGracePeriodShootPurposes");
            List<JsonNode> purposes = elements(backupEntry.get("deletionGracePeriodShootPurposes"));
            Long hours = number(backupEntry.get("deletionGracePeriodHours"));
            if (!purposes.isEmpty() && (hours == null || hours <= 0)) {
                errs.add(FieldError.forbidden(
                        p.toString(), "must specify grace period hours > 0 when specifying purposes"));
            }
            for (int i = 0; i < purposes.size(); i++) {
                String purpose = JsonTrees.text(purposes.get(i));
                if (!SHOOT_PURPOSES.contains(purpose)) {
                    errs.add(FieldError.notSupported(p.index(i).toString(), purpose, SHOOT_PURPOSES));
                }
            }
        }
        JsonNode bastion = controllers.get("bastion");
        if (JsonTrees.isSet(bastion)) {
            errs.addAll(nonNegative(number(bastion.get("concurrentSyncs")), path.child("bastion", "concurrentSyncs")));
        }
        JsonNode shoot = controllers.get("shoot");
        if (JsonTrees.isSet(shoot)) {
            FieldPath p = path.child("shoot");
            errs.addAll(nonNegative(number(shoot.get("concurrentSyncs")), p.child("concurrentSyncs")));
            // Gardener reports progressReportPeriod under this (misspelt) name.
            errs.addAll(nonNegativeDuration(shoot.get("progressReportPeriod"), p.child("progressReporterPeriod")));
            errs.addAll(nonNegativeDuration(shoot.get("retryDuration"), p.child("retryDuration")));
            errs.addAll(nonNegativeDuration(shoot.get("syncPeriod"), p.child("syncPeriod")));
            Long ttl = number(shoot.get("dnsEntryTTLSeconds"));
            if (ttl != null && (ttl < 30 || ttl > 600)) {
                errs.add(FieldError.invalid(p.child("dnsEntryTTLSeconds").toString(), ttl, "must be within [30,600]"));
            }
        }
        JsonNode shootCare = controllers.get("shootCare");
        if (JsonTrees.isSet(shootCare)) {
            FieldPath p = path.child("shootCare");
            errs.addAll(nonNegative(number(shootCare.get("concurrentSyncs")), p.child("concurrentSyncs")));
            errs.addAll(nonNegativeDuration(shootCare.get("syncPeriod"), p.child("syncPeriod")));
            errs.addAll(nonNegativeDuration(
                    JsonTrees.at(shootCare, "staleExtensionHealthChecks", "threshold"),
                    p.child("staleExtensionHealthChecks", "threshold")));
            errs.addAll(nonNegativeDuration(
                    shootCare.get("managedResourceProgressingThreshold"),
                    p.child("managedResourceProgressingThreshold")));
            List<JsonNode> thresholds = elements(shootCare.get("conditionThresholds"));
            for (int i = 0; i < thresholds.size(); i++) {
                Duration d = orZero(duration(thresholds.get(i).get("duration")));
                errs.addAll(nonNegative(
                        d.nanos(), p.child("conditionThresholds").index(i).child("duration")));
            }
        }
        JsonNode managedSeed = controllers.get("managedSeed");
        if (JsonTrees.isSet(managedSeed)) {
            FieldPath p = path.child("managedSeed");
            errs.addAll(nonNegative(number(managedSeed.get("concurrentSyncs")), p.child("concurrentSyncs")));
            errs.addAll(nonNegativeDuration(managedSeed.get("syncPeriod"), p.child("syncPeriod")));
            errs.addAll(nonNegativeDuration(managedSeed.get("waitSyncPeriod"), p.child("waitSyncPeriod")));
            errs.addAll(nonNegativeDuration(managedSeed.get("syncJitterPeriod"), p.child("syncJitterPeriod")));
        }
        JsonNode networkPolicy = controllers.get("networkPolicy");
        if (JsonTrees.isSet(networkPolicy)) {
            FieldPath p = path.child("networkPolicy");
            errs.addAll(nonNegative(number(networkPolicy.get("concurrentSyncs")), p.child("concurrentSyncs")));
            List<JsonNode> selectors = elements(networkPolicy.get("additionalNamespaceSelectors"));
            for (int i = 0; i < selectors.size(); i++) {
                LabelSelector selector =
                        ModelCodec.decode(selectors.get(i), LabelSelector.class).value();
                errs.addAll(NameRules.labelSelector(
                        selector, p.child("additionalNamespaceSelectors").index(i)));
            }
        }
        JsonNode tokenRequestor = controllers.get("tokenRequestorWorkloadIdentity");
        if (JsonTrees.isSet(tokenRequestor)) {
            errs.addAll(nonNegativeDuration(
                    tokenRequestor.get("tokenExpirationDuration"),
                    path.child("tokenRequestorWorkloadIdentity", "tokenExpirationDuration")));
        }
        return errs;
    }

    /** Reserved resources must fit in the capacity, and only resources with a capacity may be reserved. */
    private static List<FieldError> resources(JsonNode resources, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (!JsonTrees.isSet(resources)) {
            return errs;
        }
        JsonNode capacity = resources.path("capacity");
        JsonNode reserved = resources.path("reserved");
        for (String name : new TreeSet<>(names(capacity))) {
            Quantity cap = quantity(capacity.get(name));
            Quantity res = quantity(reserved.get(name));
            if (cap != null && res != null && res.value() > cap.value()) {
                errs.add(FieldError.invalid(
                        path.child("reserved", name).toString(), res, "reserved must be lower or equal to capacity"));
            }
        }
        for (String name : new TreeSet<>(names(reserved))) {
            if (!capacity.has(name)) {
                errs.add(FieldError.invalid(
                        path.child("reserved", name).toString(),
                        quantity(reserved.get(name)),
                        "reserved without capacity"));
            }
        }
        return errs;
    }

    private static List<FieldError> exposureClassHandlers(JsonNode handlers, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<JsonNode> list = elements(handlers);
        for (int i = 0; i < list.size(); i++) {
            JsonNode handler = list.get(i);
            FieldPath p = path.index(i);
            String name = JsonTrees.text(handler.get("name"));
            for (String msg : NameFormats.dns1123Label(name)) {
                errs.add(FieldError.invalid(p.child("name").toString(), name, msg));
            }
            JsonNode lbClass = JsonTrees.at(handler, "loadBalancerService", "class");
            if (JsonTrees.isSet(lbClass)) {
                for (String msg : NameFormats.qualifiedName(JsonTrees.text(lbClass))) {
                    errs.add(FieldError.invalid(
                            p.child("loadBalancerService", "class").toString(), JsonTrees.text(lbClass), msg));
                }
            }
            JsonNode ip = JsonTrees.at(handler, "sni", "ingress", "serviceExternalIP");
            if (JsonTrees.isSet(ip) && !isIP(JsonTrees.text(ip))) {
                errs.add(FieldError.invalid(
                        p.child("sni", "ingress", "serviceExternalIP").toString(),
                        JsonTrees.text(ip),
                        "external service ip is invalid"));
            }
        }
        return errs;
    }

    /** Go's {@code net.ParseIP}, by way of the CIDR parser with a full-length prefix. */
    static boolean isIP(String ip) {
        return !ip.isEmpty() && Cidr.parse(ip + (ip.contains(":") ? "/128" : "/32")) != null;
    }

    private static List<FieldError> nonNegative(Long value, FieldPath path) {
        return value != null && value < 0 ? List.of(FieldError.invalid(path.toString(), value, NEGATIVE)) : List.of();
    }

    /** {@code ValidateNonnegativeField(int64(d.Duration))}: the bad value is the duration in nanoseconds. */
    private static List<FieldError> nonNegativeDuration(JsonNode node, FieldPath path) {
        Duration d = duration(node);
        return d == null ? List.of() : nonNegative(d.nanos(), path);
    }

    private static Long number(JsonNode node) {
        return JsonTrees.isSet(node) && node.isNumber() ? node.asLong() : null;
    }

    private static Duration duration(JsonNode node) {
        if (!JsonTrees.isSet(node) || !node.isTextual()) {
            return null;
        }
        try {
            return Duration.parse(node.textValue());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Duration orZero(Duration d) {
        return d == null ? Duration.ZERO : d;
    }

    private static Quantity quantity(JsonNode node) {
        if (!JsonTrees.isSet(node)) {
            return null;
        }
        try {
            return Quantity.fromJson(node);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static List<JsonNode> elements(JsonNode node) {
        List<JsonNode> out = new ArrayList<>();
        if (JsonTrees.isSet(node) && node.isArray()) {
            node.forEach(out::add);
        }
        return out;
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (JsonTrees.isSet(node) && node.isObject()) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                out.add(it.next());
            }
        }
        return out;
    }
}
