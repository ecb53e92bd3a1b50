package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.at;
import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.registry.gardener.Trees.OPERATION;
import static cloud.gardener.apiserver.registry.gardener.Trees.RECONCILE;

import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Shoots (gardener {@code pkg/apiserver/registry/core/shoot/strategy.go}): the generation follows spec changes
 * (only hibernation under {@code confineSpecUpdateRollout}), deletion, the force-deletion confirmation and the
 * {@code gardener.cloud/operation} annotations; {@code status} and {@code binding} have their own rules; every write
 * keeps the seed-name and self-hosted labels.
 */
public final class ShootStrategy extends GardenerStrategy {

    static final String MAINTENANCE_OPERATION = "maintenance.gardener.cloud/operation";
    static final String FORCE_DELETION = "confirmation.gardener.cloud/force-deletion";
    static final String SEED_NAME_LABEL_PREFIX = "name.seed.gardener.cloud/";
    static final String SELF_HOSTED_LABEL = "shoot.gardener.cloud/self-hosted";
    static final String SEPARATOR = ";";

    /** Operations gardenlet removes itself once done: they move the generation and stay. */
    private static final Set<String> KEPT_OPERATIONS = Set.of(
            "rotate-ca-start",
            "rotate-ca-start-without-workers-rollout",
            "rotate-ca-complete",
            "rotate-serviceaccount-key-start",
            "rotate-serviceaccount-key-start-without-workers-rollout",
            "rotate-serviceaccount-key-complete",
            "rotate-etcd-encryption-key",
            "rotate-etcd-encryption-key-start",
            "rotate-etcd-encryption-key-complete",
            "rotate-observability-credentials");

    private static final List<String> COVERED_BY_CREDENTIALS_START = List.of(
            "rotate-ca-start",
            "rotate-serviceaccount-key-start",
            "rotate-etcd-encryption-key",
            "rotate-etcd-encryption-key-start",
            "rotate-observability-credentials",
            "rotate-ssh-keypair");
    private static final List<String> COVERED_BY_CREDENTIALS_START_WITHOUT_ROLLOUT = List.of(
            "rotate-ca-start-without-workers-rollout",
            "rotate-serviceaccount-key-start-without-workers-rollout",
            "rotate-etcd-encryption-key",
            "rotate-etcd-encryption-key-start",
            "rotate-observability-credentials",
            "rotate-ssh-keypair");
    private static final List<String> COVERED_BY_CREDENTIALS_COMPLETE =
            List.of("rotate-ca-complete", "rotate-serviceaccount-key-complete", "rotate-etcd-encryption-key-complete");

    private final Duration credentialsRotationInterval;

    public ShootStrategy() {
        this(ShootWarnings.DEFAULT_ROTATION_INTERVAL);
    }

    /** @param credentialsRotationInterval after which updates warn about credentials that were never rotated */
    public ShootStrategy(Duration credentialsRotationInterval) {
        super(false);
        this.credentialsRotationInterval = credentialsRotationInterval;
    }

    @Override
    public List<String> warningsOnCreate(ObjectNode shoot) {
        return ShootWarnings.of(shoot, null, credentialsRotationInterval, Instant.now());
    }

    @Override
    public List<String> warningsOnUpdate(ObjectNode shoot, ObjectNode old, String subresource) {
        // the status and binding strategies give none
        return subresource.isEmpty()
                ? ShootWarnings.of(shoot, old, credentialsRotationInterval, Instant.now())
                : List.of();
    }

    @Override
    protected void create(ObjectNode shoot) {
        ShootSync.cloudProfileFields(null, shoot);
        ShootSync.dnsProviderCredentials(shoot);
    }

    @Override
    protected void update(ObjectNode shoot, ObjectNode old) {
        // spec.seedName changes are the ShootValidator admission plugin's to refuse (only shoots/binding may move a
        // shoot); as in Gardener's strategy, the main resource does not touch the field.
        cleanUpOperation(shoot, OPERATION);
        cleanUpOperation(shoot, MAINTENANCE_OPERATION);
        ShootSync.dnsProviderCredentials(shoot);
        if (mustIncreaseGeneration(old, shoot)) {
            bumpGeneration(shoot, old);
        }
        ShootSync.cloudProfileFields(old, shoot);
    }

    @Override
    protected void updateStatus(ObjectNode shoot, ObjectNode old) {
        JsonNode lastOperation = at(shoot, "status", "lastOperation");
        String state = text(lastOperation, "state");
        if ("Migrate".equals(text(lastOperation, "type")) && ("Succeeded".equals(state) || "Aborted".equals(state))) {
            bumpGeneration(shoot, old);
        }
        String oldPhase = text(old, "status", "credentials", "rotation", "etcdEncryptionKey", "phase");
        JsonNode rotation = at(shoot, "status", "credentials", "rotation", "etcdEncryptionKey");
        String phase = text(rotation, "phase");
        if (!oldPhase.equals(phase)
                && "Prepared".equals(phase)
                && JsonTrees.isTrue(rotation, "autoCompleteAfterPrepared")) {
            bumpGeneration(shoot, old);
        }
        ShootSync.dnsProviderCredentials(shoot);
    }

    /** {@code shoots/binding}: the scheduler sets the seed; a pending creation no longer waits for one. */
    @Override
    protected void updateSubresource(String subresource, ObjectNode shoot, ObjectNode old) {
        if (!"binding".equals(subresource)) {
            update(shoot, old);
            return;
        }
        JsonNode lastOperation = at(shoot, "status", "lastOperation");
        if ("Create".equals(text(lastOperation, "type"))
                && "Pending".equals(text(lastOperation, "state"))
                && !isSet(old, "spec", "seedName")
                && isSet(shoot, "spec", "seedName")) {
            ((ObjectNode) shoot.get("status")).remove("lastOperation");
        }
        if (!Trees.sameField(shoot, old, "spec")) {
            bumpGeneration(shoot, old);
        }
        ShootSync.dnsProviderCredentials(shoot);
    }

    @Override
    public void canonicalize(ObjectNode shoot) {
        canonicalizeWriting(shoot);
    }

    /** Where {@link #canonicalize} always may write: the seed name and self-hosted labels. */
    private static final ModelCodec.WrittenPaths LABELS = places(List.of("metadata", "labels"));

    private static final ModelCodec.WrittenPaths AUTOSCALER =
            places(List.of("spec", "kubernetes", "clusterAutoscaler", "maxEmptyBulkDelete"));
    private static final ModelCodec.WrittenPaths ANONYMOUS_AUTHENTICATION =
            places(List.of("spec", "kubernetes", "kubeAPIServer", "enableAnonymousAuthentication"));
    private static final ModelCodec.WrittenPaths ADDONS = places(List.of("spec", "addons"));

    private static ModelCodec.WrittenPaths places(List<String> path) {
        return ModelCodec.WrittenPaths.of(List.of(path));
    }

    /** {@link #canonicalize}: the labels, and a spec section only where one of its removals applied. */
    @Override
    public ModelCodec.WrittenPaths canonicalizeWriting(ObjectNode shoot) {
        ModelCodec.WrittenPaths written = LABELS;
        JsonNode autoscaler = at(shoot, "spec", "kubernetes", "clusterAutoscaler");
        if (autoscaler instanceof ObjectNode on && on.remove("maxEmptyBulkDelete") != null) {
            written = ModelCodec.WrittenPaths.union(written, AUTOSCALER);
        }
        JsonNode apiServer = at(shoot, "spec", "kubernetes", "kubeAPIServer");
        if (apiServer instanceof ObjectNode on
                && on.path("enableAnonymousAuthentication").isBoolean()
                && !on.path("enableAnonymousAuthentication").asBoolean()) {
            on.remove("enableAnonymousAuthentication");
            written = ModelCodec.WrittenPaths.union(written, ANONYMOUS_AUTHENTICATION);
        }
        JsonNode addons = at(shoot, "spec", "addons");
        if (isSet(addons, "kubernetesDashboard")
                && !JsonTrees.isTrue(addons, "kubernetesDashboard", "enabled")
                && !isSet(addons, "nginxIngress")) {
            shoot.withObjectProperty("spec").remove("addons");
            written = ModelCodec.WrittenPaths.union(written, ADDONS);
        }
        maintainSeedNameLabels(shoot, text(shoot, "spec", "seedName"), text(shoot, "status", "seedName"));
        boolean selfHosted = false;
        for (JsonNode worker : at(shoot, "spec", "provider", "workers")) {
            selfHosted |= isSet(worker, "controlPlane");
        }
        if (selfHosted) {
            Trees.setLabel(shoot, SELF_HOSTED_LABEL, "true");
        } else {
            Trees.removeLabel(shoot, SELF_HOSTED_LABEL);
        }
        return written;
    }

    /** {@code MaintainSeedNameLabels}: one {@code name.seed.gardener.cloud/<seed>: "true"} label per named seed. */
    static void maintainSeedNameLabels(ObjectNode obj, String... seedNames) {
        ObjectTrees.labels(obj).keySet().stream()
                .filter(k -> k.startsWith(SEED_NAME_LABEL_PREFIX))
                .forEach(k -> Trees.removeLabel(obj, k));
        for (String seed : seedNames) {
            if (!seed.isEmpty()) {
                Trees.setLabel(obj, SEED_NAME_LABEL_PREFIX + seed, "true");
            }
        }
    }

    /** Splits, trims and de-duplicates the operations of an annotation. */
    private static void cleanUpOperation(ObjectNode shoot, String key) {
        String value = Trees.annotation(shoot, key);
        if (value != null) {
            Trees.setAnnotation(shoot, key, String.join(SEPARATOR, new LinkedHashSet<>(operations(value))));
        }
    }

    private static List<String> operations(String value) {
        List<String> out = new ArrayList<>();
        if (value == null || value.isEmpty()) {
            return out;
        }
        for (String op : value.split(SEPARATOR, -1)) {
            out.add(op.trim());
        }
        return out;
    }

    static boolean mustIncreaseGeneration(ObjectNode old, ObjectNode shoot) {
        if (specChangeMovesGeneration(old, shoot)) {
            return true;
        }
        if (Trees.deletionStarted(shoot, old)) {
            return true;
        }
        if (!needsForceDeletion(old) && needsForceDeletion(shoot)) {
            return true;
        }
        JsonNode lastOperation = at(shoot, "status", "lastOperation");
        if (lastOperation.isMissingNode() || lastOperation.isNull()) {
            return false;
        }
        boolean mustIncrease = false;
        boolean mustRemove = false;
        List<String> operations = operations(Trees.annotation(shoot, OPERATION));
        List<String> updated = new ArrayList<>(operations);
        if ("Failed".equals(text(lastOperation, "state"))) {
            if ("retry".equals(Trees.annotation(shoot, OPERATION))) {
                mustIncrease = true;
                mustRemove = true;
            }
        } else {
            for (String operation : operations) {
                switch (operation) {
                    case RECONCILE -> {
                        mustIncrease = true;
                        updated.remove(operation);
                    }
                    case "rotate-credentials-start" -> {
                        mustIncrease = true;
                        updated.removeAll(COVERED_BY_CREDENTIALS_START);
                    }
                    case "rotate-credentials-start-without-workers-rollout" -> {
                        mustIncrease = true;
                        updated.removeAll(COVERED_BY_CREDENTIALS_START_WITHOUT_ROLLOUT);
                    }
                    case "rotate-credentials-complete" -> {
                        mustIncrease = true;
                        updated.removeAll(COVERED_BY_CREDENTIALS_COMPLETE);
                    }
                    case "rotate-ssh-keypair" -> {
                        if (enablesSshAccess(shoot)) {
                            mustIncrease = true;
                        } else {
                            updated.remove(operation);
                        }
                    }
                    case "force-in-place-update" -> {
                        // gardenlet removes it after the in-place update; only a real spec change moves the generation
                        mustIncrease = false;
                        mustRemove = false;
                    }
                    default -> mustIncrease |= KEPT_OPERATIONS.contains(operation);
                }
                if (operation.startsWith("rotate-rollout-workers") || operation.startsWith("rollout-workers")) {
                    mustIncrease = true;
                    mustRemove = false;
                }
            }
        }
        if (mustRemove || updated.isEmpty()) {
            Trees.removeAnnotation(shoot, OPERATION);
        } else if (operations.size() != updated.size()) {
            Trees.setAnnotation(shoot, OPERATION, String.join(SEPARATOR, updated));
        }
        return mustIncrease;
    }

    private static boolean specChangeMovesGeneration(ObjectNode old, ObjectNode shoot) {
        if (JsonTrees.isTrue(shoot, "spec", "maintenance", "confineSpecUpdateRollout")) {
            return hibernationEnabled(old) != hibernationEnabled(shoot);
        }
        return !Trees.sameField(shoot, old, "spec");
    }

    private static boolean hibernationEnabled(ObjectNode shoot) {
        return JsonTrees.isTrue(shoot, "spec", "hibernation", "enabled");
    }

    private static boolean needsForceDeletion(ObjectNode shoot) {
        return Trees.parseBool(Trees.annotation(shoot, FORCE_DELETION));
    }

    private static boolean enablesSshAccess(ObjectNode shoot) {
        JsonNode workers = at(shoot, "spec", "provider", "workers");
        JsonNode ssh = at(shoot, "spec", "provider", "workersSettings", "sshAccess");
        return workers.isArray()
                && !workers.isEmpty()
                && (!isSet(ssh) || ssh.path("enabled").asBoolean(false));
    }
}
