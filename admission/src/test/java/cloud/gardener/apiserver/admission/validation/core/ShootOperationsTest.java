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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The operation-annotation rules of Shoot validation, table by table as Gardener's {@code shoot_test.go} has them. */
class ShootOperationsTest {

    private static final ShootValidator VALIDATOR = new ShootValidator(true);
    private static final String OP = "gardener.cloud/operation";
    private static final String MAINT = "maintenance.gardener.cloud/operation";
    private static final String OP_PATH = "metadata.annotations[gardener.cloud/operation]";
    private static final String MAINT_PATH = "metadata.annotations[maintenance.gardener.cloud/operation]";

    // status snippets of the tables
    private static final String NONE = "{}";
    private static final String CREATING = "{lastOperation: {type: Create, state: Processing}}";
    private static final String CREATED = "{lastOperation: {type: Create, state: Succeeded}}";
    private static final String RECONCILING = "{lastOperation: {type: Reconcile}}";
    private static final String DELETING = "{lastOperation: {type: Delete}}";
    private static final String MIGRATING = "{lastOperation: {type: Migrate}}";
    private static final String RESTORING = "{lastOperation: {type: Restore}}";
    private static final String RESTORED = "{lastOperation: {type: Restore, state: Succeeded}}";

    /** A valid shoot with a worker named {@code worker-name}, as Gardener's test fixture. */
    static ObjectNode shoot() {
        return (ObjectNode) yaml("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: shoot
                  namespace: garden-dev
                spec:
                  cloudProfile: {kind: CloudProfile, name: aws}
                  credentialsBindingName: my-account
                  region: eu-west-1
                  provider:
                    type: aws
                    workers:
                    - name: worker-name
                      minimum: 1
                      maximum: 3
                      maxSurge: 1
                      maxUnavailable: 0
                      machine:
                        type: m5.large
                        image: {name: gardenlinux, version: 1592.1.0}
                  kubernetes:
                    version: 1.33.2
                  networking:
                    type: calico
                    pods: 100.96.0.0/11
                    nodes: 10.250.0.0/16
                    services: 100.64.0.0/13
                  maintenance:
                    timeWindow: {begin: 220000+0100, end: 230000+0100}
                """);
    }

    private static ObjectNode with(String key, String value, String status) {
        ObjectNode shoot = shoot();
        annotate(shoot, key, value);
        shoot.set("status", yaml(status));
        return shoot;
    }

    private static void annotate(ObjectNode shoot, String key, String value) {
        ((ObjectNode) shoot.get("metadata")).withObjectProperty("annotations").put(key, value);
    }

    private static List<FieldError> validate(ObjectNode shoot) {
        return VALIDATOR.validate(ModelCodec.decode(shoot, Shoot.class).value());
    }

    private static String phases(String lastOperation, String rotation) {
        return "{lastOperation: {type: " + lastOperation + "}, credentials: {rotation: " + rotation + "}}";
    }

    private static void assertAllowedOrOneForbidden(ObjectNode shoot, boolean allowed, String path) {
        List<FieldError> errs = validate(shoot);
        if (allowed) {
            assertThat(errs).isEmpty();
        } else {
            assertThat(errs).singleElement().satisfies(e -> {
                assertThat(e.type()).isEqualTo(FieldErrorType.FORBIDDEN);
                assertThat(e.field()).isEqualTo(path);
            });
        }
    }

    private static void assertContains(List<FieldError> errs, FieldErrorType type, String path, String detail) {
        assertThat(errs).anySatisfy(e -> {
            assertThat(e.type()).isEqualTo(type);
            assertThat(e.field()).isEqualTo(path);
            assertThat(e.detail()).contains(detail);
        });
    }

    @Test
    void noAnnotationNoErrors() {
        assertThat(validate(shoot())).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {OP, MAINT})
    void withoutWorkersRolloutStartsAreAllowed(String key) {
        for (String op : List.of(
                "rotate-credentials-start-without-workers-rollout",
                "rotate-ca-start-without-workers-rollout",
                "rotate-serviceaccount-key-start-without-workers-rollout")) {
            assertThat(validate(with(key, op, CREATED))).as(op).isEmpty();
        }
    }

    // ---- rollout-workers

    private static ObjectNode twoWorkers(String operation, String strategy1, String strategy2) {
        ObjectNode shoot = with(OP, operation, NONE);
        ArrayNode workers = (ArrayNode) shoot.at("/spec/provider/workers");
        ObjectNode second = workers.get(0).deepCopy();
        ((ObjectNode) workers.get(0)).put("name", "worker-1");
        second.put("name", "worker-2");
        workers.add(second);
        if (strategy1 != null) {
            ((ObjectNode) workers.get(0)).put("updateStrategy", strategy1);
            ((ObjectNode) workers.get(1)).put("updateStrategy", strategy2);
        }
        return shoot;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "rollout-workers=worker-1",
                "rollout-workers=worker-2",
                "rollout-workers=worker-1,worker-2",
                "rollout-workers=worker-2,worker-1",
                "rollout-workers=*"
            })
    void rolloutWorkersOfExistingPools(String operation) {
        assertThat(validate(twoWorkers(operation, null, null))).isEmpty();
    }

    @Test
    void rolloutWorkersOfUnknownPool() {
        assertContains(
                validate(twoWorkers("rollout-workers=unknown-worker", null, null)),
                FieldErrorType.INVALID,
                OP_PATH,
                "worker pool name unknown-worker does not exist");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"rollout-workers=*,worker-1", "rollout-workers=worker-1,*", "rollout-workers=worker-1,*,worker-2"
            })
    void rolloutWorkersStarWithOthers(String operation) {
        assertContains(
                validate(twoWorkers(operation, null, null)),
                FieldErrorType.FORBIDDEN,
                OP_PATH,
                "if '*' is provided, no other pool names are allowed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rollout-workers=worker-1", "rollout-workers=worker-2"})
    void rolloutWorkersOfInPlacePools(String operation) {
        assertContains(
                validate(twoWorkers(operation, "AutoInPlaceUpdate", "ManualInPlaceUpdate")),
                FieldErrorType.INVALID,
                OP_PATH,
                "using in-place update strategy; manual worker pool rollout is not supported for such pools");
    }

    @Test
    void rolloutWorkersWithoutPoolsOrTwice() {
        assertContains(
                validate(with(OP, "rollout-workers=", NONE)),
                FieldErrorType.REQUIRED,
                OP_PATH,
                "must provide either '*' or at least one pool name via rollout-workers=<poolName1>[,<poolName2>,...]");
        List<FieldError> errs = validate(with(OP, "rollout-workers=worker-name,worker-name", NONE));
        assertThat(errs)
                .extracting(FieldError::type, FieldError::field, FieldError::badValue)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(
                        FieldErrorType.DUPLICATE, OP_PATH, "pool name worker-name was specified multiple times"));
    }

    // ---- start and complete, per rotation

    /** The readiness rows every "start" table shares. */
    private static Stream<Arguments> readiness() {
        return Stream.of(
                Arguments.of("never created successfully", false, NONE),
                Arguments.of("still being created", false, CREATING),
                Arguments.of("created successfully", true, CREATED),
                Arguments.of("reconciling", true, RECONCILING),
                Arguments.of("deleting", false, DELETING),
                Arguments.of("migrating", false, MIGRATING),
                Arguments.of("restoring", false, RESTORING),
                Arguments.of("restored successfully", true, RESTORED));
    }

    private static final String PENDING_AUTO = "{lastOperation: {type: Reconcile}, inPlaceUpdates: "
            + "{pendingWorkerUpdates: {autoInPlaceUpdate: [worker-1]}}}";
    private static final String PENDING_MANUAL = "{lastOperation: {type: Reconcile}, inPlaceUpdates: "
            + "{pendingWorkerUpdates: {manualInPlaceUpdate: [worker-1]}}}";

    static Stream<Arguments> startAllCredentials() {
        return Stream.concat(
                readiness(),
                Stream.of(
                        Arguments.of(
                                "ca preparing",
                                false,
                                phases("Reconcile", "{certificateAuthorities: {phase: Preparing}}")),
                        Arguments.of(
                                "sa preparing", false, phases("Reconcile", "{serviceAccountKey: {phase: Preparing}}")),
                        Arguments.of(
                                "etcd preparing",
                                false,
                                phases("Reconcile", "{etcdEncryptionKey: {phase: Preparing}}")),
                        Arguments.of(
                                "ca prepared",
                                false,
                                phases("Reconcile", "{certificateAuthorities: {phase: Prepared}}")),
                        Arguments.of(
                                "sa prepared", false, phases("Reconcile", "{serviceAccountKey: {phase: Prepared}}")),
                        Arguments.of(
                                "etcd prepared", false, phases("Reconcile", "{etcdEncryptionKey: {phase: Prepared}}")),
                        Arguments.of(
                                "ca completing",
                                false,
                                phases("Reconcile", "{certificateAuthorities: {phase: Completing}}")),
                        Arguments.of(
                                "all completed",
                                true,
                                phases(
                                        "Reconcile",
                                        "{certificateAuthorities: {phase: Completed}, "
                                                + "serviceAccountKey: {phase: Completed}, etcdEncryptionKey: {phase: Completed}}")),
                        Arguments.of("auto in-place update pending", false, PENDING_AUTO),
                        Arguments.of("manual in-place update pending", false, PENDING_MANUAL)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("startAllCredentials")
    void startingRotationOfAllCredentials(String name, boolean allowed, String status) {
        assertAllowedOrOneForbidden(with(OP, "rotate-credentials-start", status), allowed, OP_PATH);
    }

    static Stream<Arguments> completeAllCredentials() {
        String prepared = "{phase: Prepared}";
        return Stream.of(
                Arguments.of(
                        "ca preparing",
                        false,
                        phases(
                                "Reconcile",
                                "{certificateAuthorities: {phase: Preparing}, " + "serviceAccountKey: " + prepared
                                        + ", etcdEncryptionKey: " + prepared + "}")),
                Arguments.of(
                        "sa preparing",
                        false,
                        phases(
                                "Reconcile",
                                "{certificateAuthorities: " + prepared
                                        + ", serviceAccountKey: {phase: Preparing}, etcdEncryptionKey: " + prepared
                                        + "}")),
                Arguments.of(
                        "etcd preparing",
                        false,
                        phases(
                                "Reconcile",
                                "{certificateAuthorities: " + prepared + ", serviceAccountKey: " + prepared
                                        + ", etcdEncryptionKey: {phase: Preparing}}")),
                Arguments.of(
                        "all prepared",
                        true,
                        phases(
                                "Reconcile",
                                "{certificateAuthorities: " + prepared + ", serviceAccountKey: " + prepared
                                        + ", etcdEncryptionKey: " + prepared + "}")),
                Arguments.of(
                        "all completed",
                        false,
                        phases(
                                "Reconcile",
                                "{certificateAuthorities: {phase: Completed}, "
                                        + "serviceAccountKey: {phase: Completed}, etcdEncryptionKey: {phase: Completed}}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("completeAllCredentials")
    void completingRotationOfAllCredentials(String name, boolean allowed, String status) {
        ObjectNode shoot = with(OP, "rotate-credentials-complete", status);
        List<FieldError> errs = validate(shoot);
        if (allowed) {
            assertThat(errs).isEmpty();
        } else {
            assertThat(errs).isNotEmpty().allSatisfy(e -> {
                assertThat(e.type()).isEqualTo(FieldErrorType.FORBIDDEN);
                assertThat(e.field()).isEqualTo(OP_PATH);
            });
        }
    }

    /** One rotation: its start and complete operations and the status field of its phase. */
    static Stream<Arguments> singleRotations() {
        return Stream.of(
                Arguments.of("rotate-ca-start", "rotate-ca-complete", "certificateAuthorities", OP, true),
                Arguments.of(
                        "rotate-serviceaccount-key-start",
                        "rotate-serviceaccount-key-complete",
                        "serviceAccountKey",
                        MAINT,
                        true),
                Arguments.of(
                        "rotate-etcd-encryption-key-start",
                        "rotate-etcd-encryption-key-complete",
                        "etcdEncryptionKey",
                        OP,
                        false),
                Arguments.of(
                        "rotate-etcd-encryption-key",
                        "rotate-etcd-encryption-key-complete",
                        "etcdEncryptionKey",
                        MAINT,
                        false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("singleRotations")
    void startingAndCompletingSingleRotations(
            String start, String complete, String rotation, String key, boolean checksPendingUpdates) {
        String path = key.equals(OP) ? OP_PATH : MAINT_PATH;
        readiness()
                .forEach(row -> assertAllowedOrOneForbidden(
                        with(key, start, (String) row.get()[2]), (boolean) row.get()[1], path));
        for (String phase : List.of("Preparing", "Prepared", "Completing", "Completed")) {
            String status = phases("Reconcile", "{" + rotation + ": {phase: " + phase + "}}");
            assertAllowedOrOneForbidden(with(key, start, status), phase.equals("Completed"), path);
            assertAllowedOrOneForbidden(with(key, complete, status), phase.equals("Prepared"), path);
        }
        assertAllowedOrOneForbidden(with(key, start, PENDING_AUTO), !checksPendingUpdates, path);
        assertAllowedOrOneForbidden(with(key, start, PENDING_MANUAL), !checksPendingUpdates, path);
    }

    @Test
    void messagesOfRotationContexts() {
        List<FieldError> errs = validate(
                with(OP, "rotate-credentials-start", phases("Delete", "{certificateAuthorities: {phase: Preparing}}")));
        assertThat(errs)
                .extracting(FieldError::toString)
                .containsExactly(
                        OP_PATH + ": Forbidden: cannot start rotation of all credentials if shoot was not yet created "
                                + "successfully or is not ready for reconciliation",
                        OP_PATH + ": Forbidden: cannot start rotation of all credentials if "
                                + ".status.credentials.rotation.certificateAuthorities.phase is not 'Completed'");
        assertThat(validate(with(OP, "rotate-ca-complete", RECONCILING)))
                .extracting(FieldError::toString)
                .containsExactly(OP_PATH + ": Forbidden: cannot complete CA rotation if "
                        + ".status.credentials.rotation.certificateAuthorities.phase is not 'Prepared'");
        assertThat(validate(with(OP, "rotate-serviceaccount-key-start", PENDING_MANUAL)))
                .extracting(FieldError::toString)
                .containsExactly(OP_PATH + ": Forbidden: cannot start service "
                        + "account key rotation if status.inPlaceUpdates.pendingWorkerUpdates.manualInPlaceUpdate is "
                        + "not empty");
    }

    @Test
    void completingAllCredentialsFrom134IgnoresTheEtcdKey() {
        ObjectNode shoot = with(
                OP,
                "rotate-credentials-complete",
                phases(
                        "Reconcile",
                        "{certificateAuthorities: "
                                + "{phase: Prepared}, serviceAccountKey: {phase: Prepared}, etcdEncryptionKey: {phase: Completed}}"));
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", "1.34.0");
        assertThat(validate(shoot)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rotate-etcd-encryption-key-start", "rotate-etcd-encryption-key-complete"})
    void twoStepEtcdKeyRotationEndsWith134(String operation) {
        ObjectNode shoot = with(OP, operation, RECONCILING);
        ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", "1.34.0");
        assertThat(validate(shoot))
                .anySatisfy(
                        e -> assertThat(e.toString())
                                .isEqualTo(
                                        OP_PATH + ": Forbidden: for "
                                                + "Kubernetes versions >= 1.34, operation '" + operation
                                                + "' is no longer supported, please use "
                                                + "'rotate-etcd-encryption-key' instead, which performs a complete etcd encryption key rotation"));
    }

    static Stream<Arguments> encryptionRollouts() {
        String configmaps =
                "{lastOperation: {type: Reconcile}, credentials: {encryptionAtRest: {resources: [configmaps]}}}";
        return Stream.of(
                Arguments.of("status encrypts more than the spec", false, null, configmaps),
                Arguments.of("status and spec differ", false, "[pods]", configmaps),
                Arguments.of("status and spec agree", true, "[configmaps]", configmaps),
                Arguments.of("neither encrypts anything extra", true, null, RECONCILING));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("encryptionRollouts")
    void etcdKeyRotationWaitsForEncryptionChanges(String name, boolean allowed, String resources, String status) {
        ObjectNode shoot = with(MAINT, "rotate-etcd-encryption-key", status);
        if (resources != null) {
            ((ObjectNode) shoot.at("/spec/kubernetes"))
                    .set("kubeAPIServer", yaml("{encryptionConfig: {resources: " + resources + "}}"));
        }
        assertAllowedOrOneForbidden(shoot, allowed, MAINT_PATH);
        if (!allowed) {
            assertThat(validate(shoot).get(0).detail())
                    .isEqualTo(
                            "operation 'rotate-etcd-encryption-key' is not "
                                    + "permitted because a previous encryption configuration change is currently being rolled out");
        }
    }

    // ---- unknown, parallel, incompatible and duplicate operations

    @Test
    void unknownOperationsAreNotSupportedFirstOnly() {
        for (String key : List.of(OP, MAINT)) {
            String path = key.equals(OP) ? OP_PATH : MAINT_PATH;
            List<FieldError> errs = validate(with(key, "foo-bar;baz", NONE));
            assertThat(errs).singleElement().satisfies(e -> {
                assertThat(e.type()).isEqualTo(FieldErrorType.NOT_SUPPORTED);
                assertThat(e.field()).isEqualTo(path);
                assertThat(e.badValue()).isEqualTo("foo-bar");
            });
            assertThat(errs.get(0).toString())
                    .isEqualTo(path + ": Unsupported value: \"foo-bar\": supported values: "
                            + "\"force-in-place-update\", \"maintain\", \"reconcile\", \"retry\", \"rollout-workers\", "
                            + "\"rotate-ca-complete\", \"rotate-ca-start\", \"rotate-ca-start-without-workers-rollout\", "
                            + "\"rotate-credentials-complete\", \"rotate-credentials-start\", "
                            + "\"rotate-credentials-start-without-workers-rollout\", \"rotate-etcd-encryption-key\", "
                            + "\"rotate-etcd-encryption-key-complete\", \"rotate-etcd-encryption-key-start\", "
                            + "\"rotate-observability-credentials\", \"rotate-rollout-workers\", "
                            + "\"rotate-serviceaccount-key-complete\", \"rotate-serviceaccount-key-start\", "
                            + "\"rotate-serviceaccount-key-start-without-workers-rollout\", \"rotate-ssh-keypair\"");
        }
    }

    @Test
    void maintenanceOperationOutOfContext() {
        assertAllowedOrOneForbidden(with(MAINT, "rotate-etcd-encryption-key-complete", NONE), false, MAINT_PATH);
        assertThat(validate(with(MAINT, "reconcile", NONE))).isEmpty();
    }

    @Test
    void sameOperationInBothAnnotations() {
        ObjectNode shoot = with(OP, "rotate-etcd-encryption-key-start", CREATED);
        annotate(shoot, MAINT, "rotate-etcd-encryption-key-start");
        assertThat(validate(shoot))
                .extracting(FieldError::toString)
                .contains("metadata.annotations: Forbidden: " + "annotations " + OP_PATH + " and " + MAINT_PATH
                        + " must not have any equal operations");

        ObjectNode different = with(OP, "rotate-serviceaccount-key-start", CREATED);
        annotate(different, MAINT, "rotate-etcd-encryption-key-start");
        assertThat(validate(different)).isEmpty();

        ObjectNode overlapping = with(OP, "rotate-observability-credentials;rotate-ssh-keypair", CREATED);
        annotate(overlapping, MAINT, "rotate-etcd-encryption-key-start;rotate-ssh-keypair");
        assertContains(
                validate(overlapping),
                FieldErrorType.FORBIDDEN,
                "metadata.annotations",
                "must not have any equal operations");
    }

    /** A maintenance rotation and an operation beside it; Gardener's message names both lists, comma-separated. */
    private static Arguments covered(String maintenance, String operation) {
        return Arguments.of(
                maintenance,
                operation,
                "operation '" + operation.replace("; ", ", ") + "' is not permitted when maintenance operation is '"
                        + maintenance.replace("; ", ", ") + "'");
    }

    static Stream<Arguments> coveredByMaintenance() {
        String start = "rotate-credentials-start";
        String complete = "rotate-credentials-complete";
        return Stream.of(
                covered(start, "rotate-ca-start"),
                covered(start, "rotate-ca-start-without-workers-rollout"),
                covered(start, "rotate-serviceaccount-key-start"),
                covered(start, "rotate-serviceaccount-key-start-without-workers-rollout"),
                covered(start, "rotate-etcd-encryption-key-start"),
                covered(start, "rotate-etcd-encryption-key"),
                covered(start, "rotate-ca-start; rotate-etcd-encryption-key"),
                covered(complete, "rotate-ca-complete"),
                covered(complete, "rotate-serviceaccount-key-complete"),
                covered(complete, "rotate-etcd-encryption-key-complete"),
                covered(complete, "rotate-ca-complete; rotate-serviceaccount-key-complete"),
                covered("rotate-ca-start", start),
                covered("rotate-serviceaccount-key-start", start),
                covered("rotate-etcd-encryption-key-start", start),
                covered("rotate-etcd-encryption-key", start),
                covered("rotate-ca-start; rotate-etcd-encryption-key", start),
                covered("rotate-ca-start", "rotate-credentials-start-without-workers-rollout"),
                covered("rotate-etcd-encryption-key", "rotate-credentials-start-without-workers-rollout"),
                covered("rotate-ca-complete", complete),
                covered("rotate-ca-complete; rotate-serviceaccount-key-complete", complete));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("coveredByMaintenance")
    void operationsAMaintenanceRotationCovers(String maintenance, String operation, String detail) {
        ObjectNode shoot = with(MAINT, maintenance, RECONCILING);
        annotate(shoot, OP, operation);
        assertContains(validate(shoot), FieldErrorType.FORBIDDEN, OP_PATH, detail);
    }

    static Stream<Arguments> hibernationForbidden() {
        return Stream.of(
                        "rotate-credentials-start",
                        "rotate-credentials-start-without-workers-rollout",
                        "rotate-credentials-complete",
                        "rotate-etcd-encryption-key",
                        "rotate-etcd-encryption-key-start",
                        "rotate-etcd-encryption-key-complete",
                        "rotate-serviceaccount-key-start",
                        "rotate-serviceaccount-key-start-without-workers-rollout",
                        "rotate-serviceaccount-key-complete")
                .map(op -> Arguments.of(op, op));
    }

    static Stream<Arguments> hibernatedOperations() {
        return Stream.concat(
                hibernationForbidden(),
                Stream.of(
                        Arguments.of("rotate-rollout-workers=worker-name", "rotate-rollout-workers=worker-name"),
                        Arguments.of(
                                "rotate-ssh-keypair;rotate-etcd-encryption-key-start",
                                "rotate-etcd-encryption-key-start")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hibernatedOperations")
    void rotationsWaitWhileHibernatedOrWakingUp(String operation, String forbidden) {
        String detail = "operation '" + forbidden + "' is not permitted when shoot is hibernated or is waking up";
        for (String key : List.of(OP, MAINT)) {
            String path = key.equals(OP) ? OP_PATH : MAINT_PATH;
            ObjectNode hibernated = with(key, operation, NONE);
            ((ObjectNode) hibernated.get("spec")).putObject("hibernation").put("enabled", true);
            assertContains(validate(hibernated), FieldErrorType.FORBIDDEN, path, detail);

            ObjectNode wakingUp = with(key, operation, "{hibernated: true}");
            ((ObjectNode) wakingUp.get("spec")).putObject("hibernation").put("enabled", false);
            assertContains(validate(wakingUp), FieldErrorType.FORBIDDEN, path, detail);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hibernationForbidden")
    void hibernationWaitsForMaintenanceRotations(String operation, String ignored) {
        ObjectNode shoot = with(MAINT, operation, NONE);
        ((ObjectNode) shoot.get("spec")).putObject("hibernation").put("enabled", true);
        assertContains(
                validate(shoot),
                FieldErrorType.FORBIDDEN,
                "spec.hibernation.enabled",
                "shoot cannot be hibernated when maintenance.gardener.cloud/operation annotation contains " + operation
                        + " operation");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hibernationForbidden")
    void maintenanceContextIsNotJudgedInDeletion(String operation, String ignored) {
        ObjectNode shoot = with(MAINT, operation, NONE);
        ((ObjectNode) shoot.get("metadata")).put("deletionTimestamp", "2026-01-01T00:00:00Z");
        assertThat(validate(shoot))
                .filteredOn(e -> e.detail() != null && e.detail().startsWith("cannot "))
                .isEmpty();
    }

    static Stream<Arguments> rotationsBlockingHibernation() {
        return Stream.of(
                Arguments.of("etcdEncryptionKey", "Preparing"),
                Arguments.of("etcdEncryptionKey", "Completing"),
                Arguments.of("serviceAccountKey", "Preparing"),
                Arguments.of("serviceAccountKey", "PreparingWithoutWorkersRollout"),
                Arguments.of("serviceAccountKey", "Completing"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rotationsBlockingHibernation")
    void hibernationWaitsForRotationsInProgress(String rotation, String phase) {
        String status = phases("Reconcile", "{" + rotation + ": {phase: " + phase + "}}");
        ObjectNode old = with("x", "y", status);
        ObjectNode shoot = old.deepCopy();
        ((ObjectNode) shoot.get("spec")).putObject("hibernation").put("enabled", true);
        assertThat(validateUpdate(shoot, old))
                .extracting(FieldError::toString)
                .contains("spec.hibernation.enabled: "
                        + "Forbidden: shoot cannot be hibernated when .status.credentials.rotation." + rotation
                        + ".phase is \""
                        + phase + "\"");
        ObjectNode prepared = with("x", "y", phases("Reconcile", "{" + rotation + ": {phase: Prepared}}"));
        ObjectNode hibernating = prepared.deepCopy();
        ((ObjectNode) hibernating.get("spec")).putObject("hibernation").put("enabled", true);
        assertThat(validateUpdate(hibernating, prepared)).isEmpty();
    }

    @Test
    void hibernationWaitsForEncryptionChanges() {
        String encrypted = "{lastOperation: {type: Reconcile}, credentials: {encryptionAtRest: {resources: [events]}}}";
        ObjectNode old = with("x", "y", encrypted);
        ((ObjectNode) old.at("/spec/kubernetes"))
                .set("kubeAPIServer", yaml("{encryptionConfig: {resources: [events, configmaps]}}"));
        ObjectNode shoot = old.deepCopy();
        ((ObjectNode) shoot.get("spec")).putObject("hibernation").put("enabled", true);
        assertContains(
                validateUpdate(shoot, old),
                FieldErrorType.FORBIDDEN,
                "spec.hibernation.enabled",
                "when spec.kubernetes.kubeAPIServer.encryptionConfig.resources and "
                        + "status.credentials.encryptionAtRest.resources are not equal");

        ObjectNode same = with(
                "x",
                "y",
                "{lastOperation: {type: Reconcile}, credentials: {encryptionAtRest: "
                        + "{resources: [configmaps., events]}}}");
        ((ObjectNode) same.at("/spec/kubernetes"))
                .set("kubeAPIServer", yaml("{encryptionConfig: {resources: [events, configmaps]}}"));
        ObjectNode hibernating = same.deepCopy();
        ((ObjectNode) hibernating.get("spec")).putObject("hibernation").put("enabled", true);
        assertThat(validateUpdate(hibernating, same)).isEmpty();
    }

    private static List<FieldError> validateUpdate(ObjectNode shoot, ObjectNode old) {
        for (ObjectNode s : List.of(shoot, old)) {
            ((ObjectNode) s.get("metadata")).put("resourceVersion", "1").put("uid", "u-1");
        }
        return VALIDATOR.validateUpdate(
                ModelCodec.decode(shoot, Shoot.class).value(),
                ModelCodec.decode(old, Shoot.class).value());
    }

    @Test
    void workersRolloutAfterRotation() {
        String waiting = phases("Reconcile", "{certificateAuthorities: {phase: WaitingForWorkersRollout}}");
        assertThat(validate(with(OP, "rotate-rollout-workers=worker-name", waiting)))
                .isEmpty();
        assertThat(validate(with(OP, "rotate-rollout-workers=foo", waiting)))
                .extracting(FieldError::toString)
                .containsExactly(OP_PATH + ": Invalid value: \"foo\": worker pool name foo does not exist in "
                        + ".spec.provider.workers[]");
        assertThat(validate(with(OP, "rotate-rollout-workers=worker-name", RECONCILING)))
                .extracting(FieldError::detail)
                .containsExactly("either .status.credentials.rotation."
                        + "certificateAuthorities.phase or .status.credentials.rotation.serviceAccountKey.phase must "
                        + "be in 'WaitingForWorkersRollout' in order to trigger workers rollout");
        assertContains(
                validate(with(OP, "rotate-rollout-workers=", waiting)),
                FieldErrorType.REQUIRED,
                OP_PATH,
                "must provide at least one pool name via rotate-rollout-workers=<poolName1>[,<poolName2>,...]");
        assertThat(validate(with(OP, "rotate-rollout-workers=worker-name,worker-name", waiting)))
                .extracting(FieldError::type, FieldError::badValue)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(
                        FieldErrorType.DUPLICATE, "pool name worker-name was specified multiple times"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "rotate-ssh-keypair",
                "rotate-ssh-keypair;rotate-observability-credentials",
                "rotate-ssh-keypair;rotate-observability-credentials;rotate-ca-start",
                " rotate-ssh-keypair ; rotate-observability-credentials "
            })
    void parallelOperations(String operation) {
        assertThat(validate(with(OP, operation, CREATED))).isEmpty();
        assertThat(validate(with(MAINT, operation, CREATED))).isEmpty();
    }

    @Test
    void operationsThatRunAlone() {
        assertContains(
                validate(with(OP, "retry;rotate-ssh-keypair", CREATED)),
                FieldErrorType.FORBIDDEN,
                OP_PATH,
                "operation 'retry' is not permitted to be run in parallel with other operations");
        assertContains(
                validate(with(OP, "rotate-ssh-keypair; maintain", CREATED)),
                FieldErrorType.FORBIDDEN,
                OP_PATH,
                "operation 'maintain' is not permitted to be run in parallel with other operations");
        assertThat(validate(with(OP, "retry;reconcile;maintain", CREATED)))
                .extracting(FieldError::toString)
                .containsExactly(OP_PATH + ": Forbidden: operation 'retry' is not permitted to be run in parallel with "
                        + "other operations");
    }

    static Stream<Arguments> incompatible() {
        return Stream.of(
                Arguments.of(
                        "rotate-credentials-start;rotate-credentials-start-without-workers-rollout",
                        "rotate-credentials-start",
                        "rotate-ca-start-without-workers-rollout, "
                                + "rotate-serviceaccount-key-start-without-workers-rollout, "
                                + "rotate-credentials-start-without-workers-rollout"),
                Arguments.of(
                        "rotate-credentials-start;rotate-ca-start-without-workers-rollout",
                        "rotate-credentials-start",
                        "rotate-ca-start-without-workers-rollout, "
                                + "rotate-serviceaccount-key-start-without-workers-rollout, "
                                + "rotate-credentials-start-without-workers-rollout"),
                Arguments.of(
                        "rotate-credentials-start-without-workers-rollout;rotate-ca-start",
                        "rotate-credentials-start-without-workers-rollout",
                        "rotate-ca-start, rotate-serviceaccount-key-start"),
                Arguments.of(
                        "rotate-ca-start;rotate-ca-start-without-workers-rollout",
                        "rotate-ca-start",
                        "rotate-ca-start-without-workers-rollout"),
                Arguments.of(
                        "rotate-serviceaccount-key-start;rotate-serviceaccount-key-start-without-workers-rollout",
                        "rotate-serviceaccount-key-start",
                        "rotate-serviceaccount-key-start-without-workers-rollout"),
                Arguments.of(
                        "rotate-etcd-encryption-key;rotate-etcd-encryption-key-start",
                        "rotate-etcd-encryption-key",
                        "rotate-etcd-encryption-key-start"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("incompatible")
    void incompatibleOperations(String operation, String offending, String with) {
        assertContains(
                validate(with(OP, operation, CREATED)),
                FieldErrorType.FORBIDDEN,
                OP_PATH,
                "operation '" + offending + "' is not permitted to be run together with " + with + " operations");
        assertContains(
                validate(with(MAINT, operation, CREATED)),
                FieldErrorType.FORBIDDEN,
                MAINT_PATH,
                "operation '" + offending + "' is not permitted to be run together with " + with
                        + " maintenance operations");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rotate-rollout-workers", "rollout-workers"})
    void rolloutsNeedManagedInfrastructureOnSelfHostedShoots(String operation) {
        for (String key : List.of(OP, MAINT)) {
            ObjectNode shoot = with(key, operation, NONE);
            ((ObjectNode) shoot.get("spec")).remove("credentialsBindingName");
            ((ObjectNode) shoot.at("/spec/provider/workers/0")).putObject("controlPlane");
            assertContains(
                    validate(shoot),
                    FieldErrorType.FORBIDDEN,
                    key.equals(OP) ? OP_PATH : MAINT_PATH,
                    "operation '" + operation + "' is not permitted for self-hosted shoot clusters with unmanaged "
                            + "infrastructure");
        }
    }

    private static JsonNode yaml(String text) {
        try {
            return Json.YAML.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
