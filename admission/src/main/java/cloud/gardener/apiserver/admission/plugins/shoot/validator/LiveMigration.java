package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.admission.GoBool;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.json.YamlToJson;
import cloud.gardener.apiserver.api.k8s.corev1.ConfigMap;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gardener's {@code validateLiveMigrationPrerequisites}: a shoot annotated {@code migration.gardener.cloud/live-migrate}
 * moves to another seed without downtime only behind the LiveControlPlaneMigration gate, never on creation, and, when
 * {@code spec.seedName} changes, only with a highly available, awake control plane between seeds of one provider type
 * and one gardenlet version whose regions are close enough by the scheduler's region ConfigMap.
 */
final class LiveMigration {

    static final String LIVE_MIGRATE = "migration.gardener.cloud/live-migrate";
    static final String ALLOW_DISTANT_REGIONS = "migration.gardener.cloud/allow-distant-regions";
    static final String DISTANCE_THRESHOLD = "migration.gardener.cloud/inter-region-distance-threshold";
    private static final String SCHEDULING_PURPOSE = "scheduling.gardener.cloud/purpose";
    private static final String REGION_CONFIG = "region-config";
    private static final String SCHEDULING_CLOUD_PROFILES = "scheduling.gardener.cloud/cloudprofiles";
    private static final int DEFAULT_DISTANCE_THRESHOLD = 180;
    private static final String ANNOTATION_PATH = "metadata.annotations[" + LIVE_MIGRATE + "]";
    private static final String SEED_NAME_PATH = "spec.seedName";

    private final ObjectLookup objects;
    private final FeatureGates featureGates;

    LiveMigration(ObjectLookup objects, FeatureGates featureGates) {
        this.objects = objects;
        this.featureGates = featureGates;
    }

    Future<List<FieldError>> validate(Review r) {
        if (!GoBool.isTrue(Review.annotations(r.shoot()).get(LIVE_MIGRATE))) {
            return Future.succeededFuture(List.of());
        }
        if (!featureGates.enabled(FeatureGates.LIVE_CONTROL_PLANE_MIGRATION)) {
            return Future.succeededFuture(List.of(FieldError.forbidden(
                    ANNOTATION_PATH,
                    "the \"" + FeatureGates.LIVE_CONTROL_PLANE_MIGRATION
                            + "\" feature gate is disabled in gardener-apiserver")));
        }
        if (r.a().operation() == Operation.CREATE) {
            return Future.succeededFuture(
                    List.of(FieldError.forbidden(ANNOTATION_PATH, "annotation must not be set on shoot creation")));
        }
        String source = r.oldSeedName();
        String destination = r.seedName();
        if (source == null || destination == null || destination.equals(source)) {
            return Future.succeededFuture(List.of()); // the annotation only states intent until the seed changes
        }
        List<FieldError> errs = new ArrayList<>();
        if (r.spec().controlPlane() == null || r.spec().controlPlane().highAvailability() == null) {
            errs.add(FieldError.forbidden(
                    SEED_NAME_PATH,
                    "shoot control plane must be configured for high availability "
                            + "to perform a live control plane migration"));
        }
        if (inHibernation(r)) {
            errs.add(FieldError.forbidden(
                    SEED_NAME_PATH,
                    "live control plane migration is not supported for hibernated " + "or waking-up shoots"));
        }
        return seed(source, "source", errs)
                .compose(sourceSeed -> seed(destination, "destination", errs).compose(destinationSeed -> {
                    if (sourceSeed.isEmpty() || destinationSeed.isEmpty()) {
                        return Future.succeededFuture(errs);
                    }
                    Seed from = sourceSeed.get();
                    Seed to = destinationSeed.get();
                    String fromType = from.spec().provider().type();
                    String toType = to.spec().provider().type();
                    if (!fromType.equals(toType)) {
                        errs.add(FieldError.forbidden(
                                SEED_NAME_PATH,
                                "source and destination seeds must use the same " + "provider type (" + fromType
                                        + " -> " + toType + ")"));
                    }
                    errs.addAll(gardenletVersions(from, to));
                    return interRegionDistance(r, from, to).map(distanceErrs -> {
                        errs.addAll(distanceErrs);
                        return errs;
                    });
                }));
    }

    /** A seed by name; a missing one is a field's internal error, as the lister's NotFound wrapped by Gardener. */
    private Future<Optional<Seed>> seed(String name, String role, List<FieldError> errs) {
        return objects.get(Seed.class, GardenObjects.SEEDS, "", name).map(found -> {
            if (found.isEmpty()) {
                errs.add(FieldError.internal(
                        SEED_NAME_PATH,
                        "could not get " + role + " seed \"" + name + "\": " + "seed.core.gardener.cloud \"" + name
                                + "\" not found"));
            }
            return found;
        });
    }

    /** {@code IsShootInHibernation}: hibernation wanted by the spec, or still hibernated while waking up. */
    private static boolean inHibernation(Review r) {
        boolean hibernated = r.status() != null && r.status().hibernated();
        Boolean enabled =
                r.spec().hibernation() == null ? null : r.spec().hibernation().enabled();
        return enabled != null ? enabled || hibernated : hibernated;
    }

    private static List<FieldError> gardenletVersions(Seed source, Seed destination) {
        String sourceVersion = gardenletVersion(source);
        String destinationVersion = gardenletVersion(destination);
        List<FieldError> errs = new ArrayList<>();
        if (sourceVersion.isEmpty()) {
            errs.add(FieldError.forbidden(
                    SEED_NAME_PATH,
                    "gardenlet version not reported for source seed \""
                            + source.metadata().name() + "\""));
        }
        if (destinationVersion.isEmpty()) {
            errs.add(FieldError.forbidden(
                    SEED_NAME_PATH,
                    "gardenlet version not reported for destination seed \""
                            + destination.metadata().name() + "\""));
        }
        if (errs.isEmpty() && !sourceVersion.equals(destinationVersion)) {
            errs.add(FieldError.forbidden(
                    SEED_NAME_PATH,
                    "source and destination seeds must run the same gardenlet "
                            + "version (" + source.metadata().name() + ": " + sourceVersion + ", "
                            + destination.metadata().name()
                            + ": " + destinationVersion + ")"));
        }
        return errs;
    }

    private static String gardenletVersion(Seed seed) {
        if (seed.status() == null
                || seed.status().gardener() == null
                || seed.status().gardener().version() == null) {
            return "";
        }
        return seed.status().gardener().version();
    }

    /** {@code validateInterRegionDistance}: the scheduler's region ConfigMap must allow the hop between regions. */
    private Future<List<FieldError>> interRegionDistance(Review r, Seed source, Seed destination) {
        String from = source.spec().provider().region();
        String to = destination.spec().provider().region();
        if (from.equals(to) || GoBool.isTrue(Review.annotations(r.shoot()).get(ALLOW_DISTANT_REGIONS))) {
            return Future.succeededFuture(List.of());
        }
        String[] profile = GardenObjects.cloudProfileReference(r.shoot());
        if (profile == null || profile[1].isEmpty()) {
            return Future.succeededFuture(List.of(FieldError.internal(
                    SEED_NAME_PATH,
                    "could not determine cloud profile " + "name for shoot " + r.a().namespace() + "/" + r.name())));
        }
        String profileName = profile[1];
        return objects.list(ConfigMap.class, GardenerResources.CONFIG_MAPS, GardenerResources.GARDEN_NAMESPACE)
                .map(configMaps -> {
                    ConfigMap regionConfig = configMaps.stream()
                            .filter(cm -> REGION_CONFIG.equals(labels(cm).get(SCHEDULING_PURPOSE)))
                            .filter(cm -> referencesProfile(cm, profileName))
                            .findFirst()
                            .orElse(null);
                    if (regionConfig == null) {
                        return List.of(FieldError.forbidden(
                                SEED_NAME_PATH,
                                "no scheduler region ConfigMap found for cloud " + "profile \"" + profileName
                                        + "\" (source region " + from + ", destination region " + to + ")"));
                    }
                    String cmName = CoreRules.text(regionConfig.metadata().name());
                    String cmRef = GardenerResources.GARDEN_NAMESPACE + "/" + cmName;
                    String text = annotations(regionConfig).get(DISTANCE_THRESHOLD);
                    int threshold = DEFAULT_DISTANCE_THRESHOLD;
                    if (text != null) {
                        try {
                            threshold = Integer.parseInt(text);
                        } catch (NumberFormatException e) {
                            return List.of(FieldError.internal(
                                    SEED_NAME_PATH,
                                    "invalid value \"" + text + "\" for annotation \""
                                            + DISTANCE_THRESHOLD + "\" on ConfigMap " + cmRef
                                            + ": strconv.Atoi: parsing \"" + text
                                            + "\": invalid syntax"));
                        }
                        if (threshold < 0) {
                            return List.of(FieldError.internal(
                                    SEED_NAME_PATH,
                                    "threshold must be non-negative, got " + threshold + " for annotation \""
                                            + DISTANCE_THRESHOLD + "\" on ConfigMap " + cmRef));
                        }
                    }
                    String data = CoreRules.map(regionConfig.data()).get(from);
                    if (data == null) {
                        return List.of(FieldError.forbidden(
                                SEED_NAME_PATH,
                                "source region " + from + " not configured in region " + "ConfigMap \"" + cmName
                                        + "\""));
                    }
                    Map<String, Integer> distances = distances(data);
                    if (distances == null) {
                        return List.of(FieldError.internal(
                                SEED_NAME_PATH,
                                "failed to parse region distances for \"" + from
                                        + "\" from ConfigMap " + cmRef
                                        + ": error unmarshaling JSON: the region distances are not a map "
                                        + "of region names to integers"));
                    }
                    Integer distance = distances.get(to);
                    if (distance == null) {
                        return List.of(FieldError.forbidden(
                                SEED_NAME_PATH,
                                "distance from source region " + from + " to destination region " + to
                                        + " not configured in region ConfigMap \"" + cmName + "\""));
                    }
                    if (distance > threshold) {
                        return List.of(FieldError.forbidden(
                                SEED_NAME_PATH,
                                "distance " + distance + " from source region " + from + " to destination region " + to
                                        + " exceeds threshold " + threshold));
                    }
                    return List.<FieldError>of();
                });
    }

    /** {@code FindRegionConfigMaps}: the comma-separated cloud profile names of the ConfigMap include the profile. */
    private static boolean referencesProfile(ConfigMap configMap, String profileName) {
        String names = CoreRules.text(annotations(configMap).get(SCHEDULING_CLOUD_PROFILES));
        for (String name : names.split(",", -1)) {
            if (name.trim().equals(profileName)) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, String> labels(ConfigMap configMap) {
        return configMap.metadata() == null
                ? Map.of()
                : CoreRules.map(configMap.metadata().labels());
    }

    private static Map<String, String> annotations(ConfigMap configMap) {
        return configMap.metadata() == null
                ? Map.of()
                : CoreRules.map(configMap.metadata().annotations());
    }

    /** The YAML map {@code region: distance} of one source region, or null when it is not one. */
    private static Map<String, Integer> distances(String yaml) {
        JsonNode tree;
        try {
            tree = YamlToJson.readTree(yaml);
        } catch (IOException e) {
            return null;
        }
        Map<String, Integer> distances = new LinkedHashMap<>();
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            return distances;
        }
        if (!tree.isObject()) {
            return null;
        }
        for (var it = tree.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isInt()) {
                return null;
            }
            distances.put(e.getKey(), e.getValue().intValue());
        }
        return distances;
    }
}
