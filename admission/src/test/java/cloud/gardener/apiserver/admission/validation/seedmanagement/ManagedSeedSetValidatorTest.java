package cloud.gardener.apiserver.admission.validation.seedmanagement;

import static cloud.gardener.apiserver.admission.validation.seedmanagement.ManagedSeedValidatorTest.cse;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertOnly;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertValid;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.edited;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.example;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.remove;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.set;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.stored;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validate;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ManagedSeedSetValidatorTest {

    private static final String TEMPLATE = "spec.template";
    private static final String SHOOT = "spec.shootTemplate";

    private static final String SEED_DNS_INTERNAL = TEMPLATE + ".spec.gardenlet.config.seedConfig.spec.dns.internal";

    /**
     * Gardener v1.150 requires internal DNS of every seed template, which neither example's seed template has
     * (57-managedseedset.yaml's shoot template is a sketch without cloud profile, region, provider or workers).
     */
    @Test
    void examplesAreRejectedAsGardenerRejectsThem() {
        assertOnly(validate(example("provider-local/managedseedset/managedseedset.yaml")), SEED_DNS_INTERNAL, REQUIRED);
        assertThat(validate(example("57-managedseedset.yaml")))
                .extracting(FieldError::toString)
                .containsExactly(
                        SEED_DNS_INTERNAL + ": Required value: internal DNS configuration is required",
                        SHOOT
                                + ".spec.provider.workers: Invalid value: []core.Worker(nil): workers cannot be empty in the "
                                + "Shoot template for a ManagedSeedSet",
                        SHOOT + ".spec.cloudProfile.name: Required value: must specify a cloud profile",
                        SHOOT + ".spec.provider.type: Required value: must specify a provider type",
                        SHOOT + ".spec.region: Required value: must specify a region");
    }

    @Test
    void completedExampleIsValid() {
        assertValid(validate(valid()));
        assertValid(validateUpdate(stored(valid()), stored(valid())));
    }

    static Stream<Arguments> invalidCreates() {
        return Stream.of(
                cse("namespace not garden", set("metadata.namespace", "other"), "metadata.namespace", INVALID),
                cse("name no subdomain", set("metadata.name", "A"), "metadata.name", INVALID),
                cse("negative replicas", set("spec.replicas", -1), "spec.replicas", INVALID),
                cse("empty selector", set("spec.selector", "{}"), "spec.selector", INVALID),
                cse(
                        "bad selector operator",
                        set(
                                "spec.selector",
                                "{'matchLabels':{'name':'my-managed-seed-set'},"
                                        + "'matchExpressions':[{'key':'a','operator':'Near'}]}"),
                        "spec.selector.matchExpressions[0].operator",
                        INVALID),
                cse(
                        "template labels do not match",
                        set(TEMPLATE + ".metadata.labels", "{'name':'other'}"),
                        TEMPLATE + ".metadata.labels",
                        INVALID),
                cse(
                        "template label invalid",
                        set(TEMPLATE + ".metadata.labels.x", "-"),
                        TEMPLATE + ".metadata.labels",
                        INVALID),
                cse(
                        "template shoot",
                        set(TEMPLATE + ".spec.shoot", "{'name':'s'}"),
                        TEMPLATE + ".spec.shoot",
                        FORBIDDEN),
                cse(
                        "template bootstrap",
                        set(TEMPLATE + ".spec.gardenlet.bootstrap", "Magic"),
                        TEMPLATE + ".spec.gardenlet.bootstrap",
                        NOT_SUPPORTED),
                cse(
                        "template without seed config",
                        remove(TEMPLATE + ".spec.gardenlet.config.seedConfig"),
                        TEMPLATE + ".spec.gardenlet.config.seedConfig",
                        REQUIRED),
                cse(
                        "seed config labels do not match",
                        set(TEMPLATE + ".spec.gardenlet.config.seedConfig.metadata.labels", "{'name':'other'}"),
                        TEMPLATE + ".spec.gardenlet.config.seedConfig.metadata.labels",
                        INVALID),
                cse(
                        "shoot template labels do not match",
                        set(SHOOT + ".metadata.labels", "{'name':'other'}"),
                        SHOOT + ".metadata.labels",
                        INVALID),
                cse(
                        "shoot template spec checked",
                        set(SHOOT + ".spec.provider.workers[0].minimum", -1),
                        SHOOT + ".spec.provider.workers[0].minimum",
                        INVALID),
                cse(
                        "unknown update strategy",
                        set("spec.updateStrategy", "{'type':'Recreate'}"),
                        "spec.updateStrategy.type",
                        NOT_SUPPORTED),
                cse(
                        "empty update strategy",
                        set("spec.updateStrategy", "{'type':''}"),
                        "spec.updateStrategy.type",
                        REQUIRED),
                cse(
                        "negative partition",
                        set("spec.updateStrategy", "{'type':'RollingUpdate','rollingUpdate':" + "{'partition':-1}}"),
                        "spec.updateStrategy.rollingUpdate.partition",
                        INVALID),
                cse(
                        "negative revision history",
                        set("spec.revisionHistoryLimit", -1),
                        "spec.revisionHistoryLimit",
                        INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCreates")
    void rejects(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        assertOnly(validate(edited(valid(), edit)), field, type);
    }

    /** Without workers the template is also judged as a workerless shoot, whose worker settings are forbidden. */
    @Test
    void shootTemplateNeedsWorkers() {
        ValidationFixtures.assertHas(
                validate(edited(valid(), set(SHOOT + ".spec.provider.workers", "[]"))),
                SHOOT + ".spec.provider.workers",
                INVALID);
    }

    @Test
    void infrastructurePurposeIsAllowedInTemplates() {
        assertValid(validate(edited(valid(), set(SHOOT + ".spec.purpose", "infrastructure"))));
    }

    @Test
    void mismatchNamesTheLabels() {
        FieldError e = assertOnly(
                validate(edited(valid(), set(SHOOT + ".metadata.labels", "{'name':'other'}"))),
                SHOOT + ".metadata.labels",
                INVALID);
        assertThat(e.bodyMessage())
                .isEqualTo("Invalid value: map[string]string{\"name\":\"other\"}: "
                        + "selector does not match template labels");
    }

    static Stream<Arguments> invalidUpdates() {
        return Stream.of(
                cse(
                        "selector changed",
                        both(
                                set("spec.selector.matchLabels.name", "x"),
                                set(TEMPLATE + ".metadata.labels.name", "x"),
                                set(TEMPLATE + ".spec.gardenlet.config.seedConfig.metadata.labels.name", "x"),
                                set(SHOOT + ".metadata.labels.name", "x")),
                        "spec.selector",
                        INVALID),
                cse(
                        "revision history changed",
                        set("spec.revisionHistoryLimit", 3),
                        "spec.revisionHistoryLimit",
                        INVALID),
                cse(
                        "template bootstrap changed",
                        set(TEMPLATE + ".spec.gardenlet.bootstrap", "ServiceAccount"),
                        TEMPLATE + ".spec.gardenlet.bootstrap",
                        INVALID),
                cse(
                        "shoot template networking type changed",
                        set(SHOOT + ".spec.networking.type", "cilium"),
                        SHOOT + ".spec.networking.type",
                        INVALID),
                cse(
                        "shoot template nodes changed",
                        set(SHOOT + ".spec.networking.nodes", "10.1.0.0/16"),
                        SHOOT + ".spec.networking.nodes",
                        INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUpdates")
    void rejectsUpdate(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        ObjectNode old = stored(valid());
        assertOnly(validateUpdate(edited(old, edit), old), field, type);
    }

    private static ObjectNode valid() {
        return edited(
                example("provider-local/managedseedset/managedseedset.yaml"),
                set(SEED_DNS_INTERNAL, ValidationFixtures.INTERNAL_DNS));
    }

    @SafeVarargs
    private static Consumer<ObjectNode> both(Consumer<ObjectNode>... edits) {
        return obj -> {
            for (Consumer<ObjectNode> edit : edits) {
                edit.accept(obj);
            }
        };
    }
}
