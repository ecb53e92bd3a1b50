package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootValidatorTest {

    private static final Path EXAMPLES =
            Path.of(System.getProperty("gardener.examples", "../../shared/conformance/gardener-examples"));
    private static final ShootValidator LENIENT = new ShootValidator();
    private static final ShootValidator STRICT = new ShootValidator(true);

    /** A complete, valid shoot with workers, as the server holds it after defaulting and admission. */
    private static ObjectNode base() {
        return (ObjectNode) yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: crazy-botany
                  namespace: garden-dev
                spec:
                  cloudProfile:
                    kind: CloudProfile
                    name: aws
                  credentialsBindingName: my-account
                  region: eu-west-1
                  purpose: evaluation
                  provider:
                    type: aws
                    workers:
                    - name: cpu-worker
                      minimum: 1
                      maximum: 3
                      maxSurge: 1
                      maxUnavailable: 0
                      machine:
                        type: m5.large
                        image:
                          name: gardenlinux
                          version: 1592.1.0
                      volume:
                        size: 20Gi
                  kubernetes:
                    version: 1.33.2
                  networking:
                    type: calico
                    ipFamilies: [IPv4]
                    pods: 100.96.0.0/11
                    nodes: 10.250.0.0/16
                    services: 100.64.0.0/13
                  maintenance:
                    timeWindow:
                      begin: 220000+0100
                      end: 230000+0100
                """);
    }

    // ---- valid shoots

    static Stream<String> exampleShoots() throws Exception {
        if (!Files.isDirectory(EXAMPLES)) {
            return Stream.of();
        }
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            return files
                    .filter(p -> p.toString().endsWith(".yaml"))
                    .filter(p -> read(p).path("kind").asText().equals("Shoot"))
                    .map(p -> EXAMPLES.relativize(p).toString())
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exampleShoots")
    void exampleShootsAreValid(String file) throws Exception {
        ObjectNode shoot = (ObjectNode) yaml(placeholdersReplaced(Files.readString(EXAMPLES.resolve(file))));
        assertThat(LENIENT.validate(decode(shoot))).as(file).isEmpty();

        // With the CloudProfile's version and machine image filled in, the strict (Gardener) rules accept them too.
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        if (!spec.path("kubernetes").isObject()) {
            spec.putObject("kubernetes");
        }
        ((ObjectNode) spec.get("kubernetes")).put("version", "1.33.2");
        for (JsonNode worker : spec.path("provider").path("workers")) {
            ((ObjectNode) worker.path("machine"))
                    .putObject("image")
                    .put("name", "gardenlinux")
                    .put("version", "1592.1.0");
        }
        assertThat(STRICT.validate(decode(shoot))).as(file + " (strict)").isEmpty();
        assertThat(STRICT.validateUpdate(decode(withResourceVersion(shoot)), decode(withResourceVersion(shoot))))
                .as(file + " (update)")
                .isEmpty();
    }

    @Test
    void exampleShootPlaceholdersAreRejectedAsGardenerDoes() throws Exception {
        Path file = EXAMPLES.resolve("90-shoot.yaml");
        Assumptions.assumeTrue(Files.exists(file));
        List<FieldError> errors = LENIENT.validate(decode(yaml(Files.readString(file))));
        assertThat(errors)
                .extracting(FieldError::field, FieldError::type)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("spec.provider.type", FieldErrorType.INVALID),
                        org.assertj.core.groups.Tuple.tuple("spec.networking.type", FieldErrorType.INVALID));
    }

    @Test
    void baseIsValidInBothModes() {
        assertThat(STRICT.validate(decode(base()))).isEmpty();
        assertThat(LENIENT.validate(decode(base()))).isEmpty();
    }

    @Test
    void unsetDefaultableFieldsAreJudgedWithTheirDefaults() {
        ObjectNode shoot = base();
        ObjectNode worker = (ObjectNode) shoot.at("/spec/provider/workers/0");
        worker.remove("maxSurge");
        worker.remove("maxUnavailable");
        worker.remove("machine");
        worker.putObject("machine").put("type", "m5.large");
        ((ObjectNode) shoot.at("/spec/kubernetes")).remove("version");
        ((ObjectNode) shoot.at("/spec/networking")).remove("ipFamilies");
        assertThat(LENIENT.validate(decode(shoot))).isEmpty();
        assertThat(STRICT.validate(decode(shoot)))
                .extracting(FieldError::field)
                .containsExactlyInAnyOrder("spec.kubernetes.version", "spec.provider.workers[0].machine.image");
    }

    @Test
    void messagesAreGardeners() {
        ObjectNode shoot = base();
        ((ObjectNode) shoot.get("metadata")).put("name", "Bad_Name");
        ((ObjectNode) shoot.at("/spec/provider/workers/0")).put("maxSurge", 0);
        ((ObjectNode) shoot.at("/spec/maintenance/timeWindow")).put("begin", "2200+0100");
        assertThat(LENIENT.validate(decode(shoot)))
                .extracting(FieldError::toString)
                .contains(
                        "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 label must consist of lower case "
                                + "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. "
                                + "'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
                        "spec.provider.workers[0].maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}: "
                                + "may not be 0 when `maxSurge` is 0",
                        "spec.maintenance.timeWindow.begin/end: Invalid value: core.MaintenanceTimeWindow{Begin:\"2200+0100\", "
                                + "End:\"230000+0100\"}: could not parse begin time: could not parse the value into the "
                                + "maintenanceTime format: parsing time \"2200+0100\" as \"150405-0700\": cannot parse \"+0100\" as \"05\"");
    }

    // ---- one invalid case per rule

    static Stream<Arguments> createRules() {
        return Stream.of(
                rule("name is a DNS label", s -> meta(s).put("name", "a.b"), "metadata.name", FieldErrorType.INVALID),
                rule("name without --", s -> meta(s).put("name", "a--b"), "metadata.name", FieldErrorType.INVALID),
                rule(
                        "labels",
                        s -> meta(s).putObject("labels").put("a", "-bad"),
                        "metadata.labels",
                        FieldErrorType.INVALID),
                rule(
                        "annotations",
                        s -> meta(s).putObject("annotations").put("a/b/c", "x"),
                        "metadata.annotations",
                        FieldErrorType.INVALID),
                rule(
                        "finalizer gardener on create",
                        s -> meta(s).putArray("finalizers").add("gardener"),
                        "metadata.finalizers[0]",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "cloud profile required",
                        s -> spec(s).remove("cloudProfile"),
                        "spec.cloudProfile.name",
                        FieldErrorType.REQUIRED),
                rule(
                        "cloud profile kind",
                        s -> obj(s, "/spec/cloudProfile").put("kind", "Other"),
                        "spec.cloudProfile.kind",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "cloudProfileName forbidden from 1.34",
                        s -> {
                            spec(s).put("cloudProfileName", "aws");
                            obj(s, "/spec/kubernetes").put("version", "1.34.1");
                        },
                        "spec.cloudProfileName",
                        FieldErrorType.FORBIDDEN),
                rule("region required", s -> spec(s).remove("region"), "spec.region", FieldErrorType.REQUIRED),
                rule(
                        "provider type required",
                        s -> obj(s, "/spec/provider").remove("type"),
                        "spec.provider.type",
                        FieldErrorType.REQUIRED),
                rule(
                        "provider type label",
                        s -> obj(s, "/spec/provider").put("type", "AWS"),
                        "spec.provider.type",
                        FieldErrorType.INVALID),
                rule(
                        "binding required",
                        s -> spec(s).remove("credentialsBindingName"),
                        "spec.secretBindingName",
                        FieldErrorType.REQUIRED),
                rule(
                        "both bindings",
                        s -> spec(s).put("secretBindingName", "x"),
                        "spec.secretBindingName",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "secretBindingName from 1.34",
                        s -> {
                            spec(s).remove("credentialsBindingName");
                            spec(s).put("secretBindingName", "x");
                            obj(s, "/spec/kubernetes").put("version", "1.34.0");
                        },
                        "spec.secretBindingName",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "bindings forbidden workerless",
                        s -> obj(s, "/spec/provider").remove("workers"),
                        "spec.credentialsBindingName",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "kubernetes version required (strict)",
                        s -> obj(s, "/spec/kubernetes").remove("version"),
                        "spec.kubernetes.version",
                        FieldErrorType.REQUIRED),
                rule(
                        "worker version above control plane",
                        s -> worker(s).putObject("kubernetes").put("version", "1.34.0"),
                        "spec.provider.workers[0].kubernetes.version",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "worker version too far behind",
                        s -> worker(s).putObject("kubernetes").put("version", "1.29.0"),
                        "spec.provider.workers[0].kubernetes.version",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "worker name length",
                        s -> worker(s).put("name", "a-very-long-worker-name"),
                        "spec.provider.workers[0].name",
                        FieldErrorType.TOO_LONG),
                rule(
                        "worker names unique",
                        s -> ((ArrayNode) s.at("/spec/provider/workers"))
                                .add(worker(s).deepCopy()),
                        "spec.provider.workers[1].name",
                        FieldErrorType.DUPLICATE),
                rule(
                        "machine type required",
                        s -> obj(s, "/spec/provider/workers/0/machine").remove("type"),
                        "spec.provider.workers[0].machine.type",
                        FieldErrorType.REQUIRED),
                rule(
                        "machine image required (strict)",
                        s -> obj(s, "/spec/provider/workers/0/machine").remove("image"),
                        "spec.provider.workers[0].machine.image",
                        FieldErrorType.REQUIRED),
                rule(
                        "machine image name required",
                        s -> obj(s, "/spec/provider/workers/0/machine/image").remove("name"),
                        "spec.provider.workers[0].machine.image.name",
                        FieldErrorType.REQUIRED),
                rule(
                        "machine image version required (strict)",
                        s -> obj(s, "/spec/provider/workers/0/machine/image").remove("version"),
                        "spec.provider.workers[0].machine.image.version",
                        FieldErrorType.REQUIRED),
                rule(
                        "minimum not negative",
                        s -> worker(s).put("minimum", -1),
                        "spec.provider.workers[0].minimum",
                        FieldErrorType.INVALID),
                rule(
                        "maximum not below minimum",
                        s -> worker(s).put("maximum", 0).put("minimum", 1),
                        "spec.provider.workers[0].maximum",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "surge and unavailable not both 0",
                        s -> worker(s).put("maxSurge", 0),
                        "spec.provider.workers[0].maxUnavailable",
                        FieldErrorType.INVALID),
                rule(
                        "maxUnavailable at most 100%",
                        s -> worker(s).put("maxUnavailable", "150%"),
                        "spec.provider.workers[0].maxUnavailable",
                        FieldErrorType.INVALID),
                rule(
                        "volume size",
                        s -> obj(s, "/spec/provider/workers/0/volume").put("size", "20G"),
                        "spec.provider.workers[0].volume.size",
                        FieldErrorType.INVALID),
                rule(
                        "data volume names unique",
                        s -> {
                            ArrayNode volumes = worker(s).putArray("dataVolumes");
                            volumes.addObject().put("name", "data").put("size", "10Gi");
                            volumes.addObject().put("name", "data").put("size", "10Gi");
                        },
                        "spec.provider.workers[0].dataVolumes[1].name",
                        FieldErrorType.DUPLICATE),
                rule(
                        "update strategy",
                        s -> worker(s).put("updateStrategy", "Sometimes"),
                        "spec.provider.workers[0].updateStrategy",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "cri name",
                        s -> worker(s).putObject("cri").put("name", "docker"),
                        "spec.provider.workers[0].cri.name",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "architecture",
                        s -> obj(s, "/spec/provider/workers/0/machine").put("architecture", "s390x"),
                        "spec.provider.workers[0].machine.architecture",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "taint effect",
                        s -> worker(s)
                                .putArray("taints")
                                .addObject()
                                .put("key", "a")
                                .put("effect", "Never"),
                        "spec.provider.workers[0].taints[0].effect",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "one control plane pool",
                        s -> {
                            worker(s).putObject("controlPlane");
                            ObjectNode second = worker(s).deepCopy().put("name", "second");
                            ((ArrayNode) s.at("/spec/provider/workers")).add(second);
                        },
                        "spec.provider.workers[1].controlPlane",
                        FieldErrorType.INVALID),
                rule(
                        "a pool for system components",
                        s -> worker(s).putObject("systemComponents").put("allow", false),
                        "spec.provider.workers",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "networking required with workers",
                        s -> spec(s).remove("networking"),
                        "spec.networking",
                        FieldErrorType.REQUIRED),
                rule(
                        "networking type required",
                        s -> obj(s, "/spec/networking").remove("type"),
                        "spec.networking.type",
                        FieldErrorType.REQUIRED),
                rule(
                        "networking type label-safe",
                        s -> obj(s, "/spec/networking").put("type", "<calico>"),
                        "spec.networking.type",
                        FieldErrorType.INVALID),
                rule(
                        "nodes parse",
                        s -> obj(s, "/spec/networking").put("nodes", "10.250.0.0/33"),
                        "spec.networking.nodes",
                        FieldErrorType.INVALID),
                rule(
                        "pods family",
                        s -> obj(s, "/spec/networking").put("pods", "fd00::/64"),
                        "spec.networking.pods",
                        FieldErrorType.INVALID),
                rule(
                        "services canonical",
                        s -> obj(s, "/spec/networking").put("services", "100.64.0.1/13"),
                        "spec.networking.services",
                        FieldErrorType.INVALID),
                rule(
                        "ip families",
                        s -> obj(s, "/spec/networking").putArray("ipFamilies").add("IPv5"),
                        "spec.networking.ipFamilies[0]",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "networking forbidden workerless",
                        s -> {
                            obj(s, "/spec/provider").remove("workers");
                            spec(s).remove("credentialsBindingName");
                        },
                        "spec.networking.type",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "maintenance window format",
                        s -> obj(s, "/spec/maintenance/timeWindow").put("end", "25:00"),
                        "spec.maintenance.timeWindow.begin/end",
                        FieldErrorType.INVALID),
                rule(
                        "maintenance window at most 6h",
                        s -> obj(s, "/spec/maintenance/timeWindow").put("end", "050000+0100"),
                        "spec.maintenance.timeWindow",
                        FieldErrorType.INVALID),
                rule(
                        "maintenance window at least 30m",
                        s -> obj(s, "/spec/maintenance/timeWindow").put("end", "221000+0100"),
                        "spec.maintenance.timeWindow",
                        FieldErrorType.INVALID),
                rule(
                        "hibernation start or end",
                        s -> spec(s).putObject("hibernation")
                                .putArray("schedules")
                                .addObject(),
                        "spec.hibernation.schedules[0].start/end",
                        FieldErrorType.REQUIRED),
                rule(
                        "hibernation cron",
                        s -> spec(s).putObject("hibernation")
                                .putArray("schedules")
                                .addObject()
                                .put("start", "0 20 * * * *"),
                        "spec.hibernation.schedules[0].start",
                        FieldErrorType.INVALID),
                rule(
                        "hibernation specs unique",
                        s -> {
                            ArrayNode schedules =
                                    spec(s).putObject("hibernation").putArray("schedules");
                            schedules.addObject().put("start", "00 20 * * 1,2,3,4,5");
                            schedules.addObject().put("start", "00 20 * * 1,2,3,4,5");
                        },
                        "spec.hibernation.schedules[1].start",
                        FieldErrorType.DUPLICATE),
                rule(
                        "hibernation location",
                        s -> spec(s).putObject("hibernation")
                                .putArray("schedules")
                                .addObject()
                                .put("start", "@daily")
                                .put("location", "Mars/Olympus"),
                        "spec.hibernation.schedules[0].location",
                        FieldErrorType.INVALID),
                rule(
                        "purpose",
                        s -> spec(s).put("purpose", "infrastructure"),
                        "spec.purpose",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "addons only for evaluation",
                        s -> {
                            spec(s).put("purpose", "production");
                            spec(s).putObject("addons")
                                    .putObject("kubernetesDashboard")
                                    .put("enabled", true);
                        },
                        "spec.addons",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "addons forbidden from 1.35",
                        s -> {
                            spec(s).putObject("addons");
                            obj(s, "/spec/kubernetes").put("version", "1.35.0");
                        },
                        "spec.addons",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "dns domain required for a managed primary",
                        s -> spec(s).putObject("dns")
                                .putArray("providers")
                                .addObject()
                                .put("primary", true)
                                .put("type", "aws-route53"),
                        "spec.dns.domain",
                        FieldErrorType.REQUIRED),
                rule(
                        "one primary dns provider",
                        s -> {
                            ArrayNode providers = spec(s).putObject("dns")
                                    .put("domain", "a.example.com")
                                    .putArray("providers");
                            providers.addObject().put("primary", true).put("type", "unmanaged");
                            providers.addObject().put("primary", true).put("type", "unmanaged");
                        },
                        "spec.dns.providers[1].primary",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "non-primary dns providers need credentials",
                        s -> spec(s).putObject("dns")
                                .putArray("providers")
                                .addObject()
                                .put("type", "aws-route53"),
                        "spec.dns.providers[0].credentialsRef",
                        FieldErrorType.REQUIRED),
                rule(
                        "dns secretName from 1.35",
                        s -> {
                            obj(s, "/spec/kubernetes").put("version", "1.35.0");
                            spec(s).putObject("dns")
                                    .putArray("providers")
                                    .addObject()
                                    .put("primary", true)
                                    .put("secretName", "x");
                        },
                        "spec.dns.providers[0].secretName",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "extension types unique",
                        s -> spec(s).putArray("extensions").add(ext("a")).add(ext("a")),
                        "spec.extensions[1].type",
                        FieldErrorType.DUPLICATE),
                rule(
                        "resource names unique",
                        s -> {
                            ArrayNode resources = spec(s).putArray("resources");
                            resources
                                    .addObject()
                                    .put("name", "r")
                                    .putObject("resourceRef")
                                    .put("apiVersion", "v1")
                                    .put("kind", "Secret")
                                    .put("name", "s");
                            resources
                                    .addObject()
                                    .put("name", "r")
                                    .putObject("resourceRef")
                                    .put("apiVersion", "v1")
                                    .put("kind", "Secret")
                                    .put("name", "s");
                        },
                        "spec.resources[1].name",
                        FieldErrorType.DUPLICATE),
                rule(
                        "resource kinds",
                        s -> spec(s).putArray("resources")
                                .addObject()
                                .put("name", "r")
                                .putObject("resourceRef")
                                .put("apiVersion", "v1")
                                .put("kind", "Pod")
                                .put("name", "p"),
                        "spec.resources[0].resourceRef",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "tolerations unique",
                        s -> spec(s).putArray("tolerations")
                                .add(toleration("k"))
                                .add(toleration("k")),
                        "spec.tolerations[1]",
                        FieldErrorType.DUPLICATE),
                rule(
                        "toleration key required",
                        s -> spec(s).putArray("tolerations").addObject(),
                        "spec.tolerations[0].key",
                        FieldErrorType.REQUIRED),
                rule(
                        "failure tolerance type",
                        s -> spec(s).putObject("controlPlane")
                                .putObject("highAvailability")
                                .putObject("failureTolerance")
                                .put("type", "region"),
                        "spec.controlPlane.highAvailability.failureTolerance.type",
                        FieldErrorType.NOT_SUPPORTED),
                rule(
                        "zone tolerance needs 3 zones",
                        s -> {
                            ObjectNode cp = spec(s).putObject("controlPlane");
                            cp.putObject("highAvailability")
                                    .putObject("failureTolerance")
                                    .put("type", "zone");
                            cp.putArray("zones").add("a").add("b");
                        },
                        "spec.controlPlane.zones",
                        FieldErrorType.INVALID),
                rule("seedName not empty", s -> spec(s).put("seedName", ""), "spec.seedName", FieldErrorType.INVALID),
                rule(
                        "email receivers",
                        s -> spec(s).putObject("monitoring")
                                .putObject("alerting")
                                .putArray("emailReceivers")
                                .add("nobody"),
                        "spec.monitoring.alerting.emailReceivers[0]",
                        FieldErrorType.INVALID),
                rule(
                        "system components forbidden workerless",
                        s -> {
                            obj(s, "/spec/provider").remove("workers");
                            spec(s).remove("credentialsBindingName");
                            spec(s).remove("networking");
                            spec(s).putObject("systemComponents");
                        },
                        "spec.systemComponents",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "schedulerName label",
                        s -> spec(s).put("schedulerName", "My Scheduler"),
                        "spec.schedulerName",
                        FieldErrorType.INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("createRules")
    void eachCreateRuleRejects(String rule, Consumer<ObjectNode> change, String path, FieldErrorType type) {
        ObjectNode shoot = base();
        change.accept(shoot);
        assertThat(STRICT.validate(decode(shoot))).as(rule).anySatisfy(e -> {
            assertThat(e.field()).isEqualTo(path);
            assertThat(e.type()).isEqualTo(type);
        });
    }

    static Stream<Arguments> updateRules() {
        return Stream.of(
                rule(
                        "region immutable",
                        s -> spec(s).put("region", "eu-west-2"),
                        "spec.region",
                        FieldErrorType.INVALID),
                rule(
                        "provider type immutable",
                        s -> obj(s, "/spec/provider").put("type", "gcp"),
                        "spec.provider.type",
                        FieldErrorType.INVALID),
                rule(
                        "no version downgrade",
                        s -> obj(s, "/spec/kubernetes").put("version", "1.32.9"),
                        "spec.kubernetes.version",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "no minor skip",
                        s -> obj(s, "/spec/kubernetes").put("version", "1.35.0"),
                        "spec.kubernetes.version",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "no worker version downgrade",
                        s -> worker(s).putObject("kubernetes").put("version", "1.32.0"),
                        "spec.provider.workers[0].kubernetes.version",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "credentialsBindingName cannot be unset",
                        s -> {
                            spec(s).remove("credentialsBindingName");
                            spec(s).put("secretBindingName", "x");
                        },
                        "spec.credentialsBindingName",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "workers cannot go away",
                        s -> obj(s, "/spec/provider").remove("workers"),
                        "spec.provider.workers",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "pods immutable",
                        s -> obj(s, "/spec/networking").put("pods", "100.128.0.0/11"),
                        "spec.networking.pods",
                        FieldErrorType.INVALID),
                rule(
                        "networking type immutable",
                        s -> obj(s, "/spec/networking").put("type", "cilium"),
                        "spec.networking.type",
                        FieldErrorType.INVALID),
                rule(
                        "ip families only to dual stack",
                        s -> obj(s, "/spec/networking").putArray("ipFamilies").add("IPv6"),
                        "spec.networking.ipFamilies",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "no spec change while deleting",
                        s -> {
                            meta(s).put("deletionTimestamp", "2025-01-01T00:00:00Z");
                            spec(s).put("purpose", "testing");
                        },
                        "spec",
                        FieldErrorType.FORBIDDEN),
                rule(
                        "scheduler name immutable",
                        s -> spec(s).put("schedulerName", "custom"),
                        "spec.schedulerName",
                        FieldErrorType.INVALID),
                rule("name immutable", s -> meta(s).put("name", "other"), "metadata.name", FieldErrorType.INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("updateRules")
    void eachUpdateRuleRejects(String rule, Consumer<ObjectNode> change, String path, FieldErrorType type) {
        ObjectNode old = withResourceVersion(base());
        ObjectNode shoot = old.deepCopy();
        change.accept(shoot);
        assertThat(STRICT.validateUpdate(decode(shoot), decode(old))).as(rule).anySatisfy(e -> {
            assertThat(e.field()).isEqualTo(path);
            assertThat(e.type()).isEqualTo(type);
        });
    }

    @Test
    void allowedUpdatesPass() {
        ObjectNode old = withResourceVersion(base());
        ObjectNode shoot = old.deepCopy();
        obj(shoot, "/spec/kubernetes").put("version", "1.34.0");
        obj(shoot, "/spec/networking").putArray("ipFamilies").add("IPv4").add("IPv6");
        spec(shoot).put("schedulerName", "default-scheduler");
        worker(shoot).put("maximum", 5);
        assertThat(STRICT.validateUpdate(decode(shoot), decode(old))).isEmpty();
    }

    @Test
    void haTypeIsImmutableOnceScheduled() {
        ObjectNode old = withResourceVersion(base());
        spec(old).put("seedName", "seed");
        spec(old)
                .putObject("controlPlane")
                .putObject("highAvailability")
                .putObject("failureTolerance")
                .put("type", "node");
        ObjectNode shoot = old.deepCopy();
        obj(shoot, "/spec/controlPlane/highAvailability/failureTolerance").put("type", "zone");
        assertThat(STRICT.validateUpdate(decode(shoot), decode(old)))
                .extracting(FieldError::field, FieldError::type)
                .contains(org.assertj.core.groups.Tuple.tuple(
                        "spec.controlPlane.highAvailability.failureTolerance.type", FieldErrorType.INVALID));
    }

    // ---- helpers

    private static Arguments rule(String name, Consumer<ObjectNode> change, String path, FieldErrorType type) {
        return Arguments.of(name, change, path, type);
    }

    private static ObjectNode meta(ObjectNode shoot) {
        return (ObjectNode) shoot.get("metadata");
    }

    private static ObjectNode spec(ObjectNode shoot) {
        return (ObjectNode) shoot.get("spec");
    }

    private static ObjectNode worker(ObjectNode shoot) {
        return obj(shoot, "/spec/provider/workers/0");
    }

    private static ObjectNode obj(ObjectNode shoot, String pointer) {
        return (ObjectNode) shoot.at(pointer);
    }

    private static ObjectNode ext(String type) {
        return Json.MAPPER.createObjectNode().put("type", type);
    }

    private static ObjectNode toleration(String key) {
        return Json.MAPPER.createObjectNode().put("key", key);
    }

    private static ObjectNode withResourceVersion(ObjectNode shoot) {
        ObjectNode copy = shoot.deepCopy();
        meta(copy).put("resourceVersion", "42").put("uid", "u-1");
        return copy;
    }

    /** The examples' documentation placeholders ({@code <some-provider-name>}) as real values. */
    private static String placeholdersReplaced(String text) {
        return text.replace("<some-provider-name>", "aws").replace("<some-network-extension-name>", "calico");
    }

    private static Shoot decode(JsonNode node) {
        return ModelCodec.decode(node, Shoot.class).value();
    }

    private static JsonNode yaml(String text) {
        try {
            return Json.YAML.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode read(Path p) {
        try {
            return yaml(Files.readString(p));
        } catch (Exception e) {
            return Json.MAPPER.createObjectNode();
        }
    }
}
