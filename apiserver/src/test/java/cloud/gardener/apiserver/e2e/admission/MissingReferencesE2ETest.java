package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Objects that name something missing, empty or of the wrong kind, through HTTP, in k8s.io/apiserver's order of
 * checks: mutating plugins, then the strategy's validation, then validating plugins. With Gardener's default
 * plugins ExtensionLabels (mutating) reads a BackupEntry's bucket and a NamespacedCloudProfile's parent first and
 * answers as Gardener's does (an internal error wrapping the lister's NotFound, or "invalid parent kind");
 * without it the strategy answers 422 on the field, then ResourceReferenceManager and
 * NamespacedCloudProfileValidator answer for what is missing.
 */
@Tag("integration")
class MissingReferencesE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @RegisterExtension
    static final ApiServerExtension WITHOUT_LABELS =
            new ApiServerExtension(config -> config.disableAdmissionPlugins(List.of("ExtensionLabels")));

    private static TestClient admin;
    private static Garden garden;
    private static Map<BindingKind, Garden> gardens;
    private static TestClient adminWithoutLabels;
    private static Garden gardenWithoutLabels;

    /** A binding of another kind than the garden's Shoots use, in each garden: a wrong-kind reference. */
    private static final String OTHER_KIND = "other-kind";

    @BeforeAll
    static void gardens() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        admin = SERVER.admin();
        garden = GardenFixtures.createWithoutBinding(admin);
        gardens = GardenFixtures.createForEachBindingKind(admin);
        gardens.forEach((kind, g) -> otherKind(kind).create(admin, g.namespace(), OTHER_KIND, GardenFixtures.PROVIDER));
        adminWithoutLabels = WITHOUT_LABELS.admin();
        gardenWithoutLabels = GardenFixtures.createWithoutBinding(adminWithoutLabels);
    }

    /** A binding kind that a Shoot names in another field than {@code kind}'s. */
    private static BindingKind otherKind(BindingKind kind) {
        return Arrays.stream(BindingKind.values())
                .filter(k -> !k.shootField().equals(kind.shootField()))
                .findFirst()
                .orElseThrow();
    }

    private static String backupEntries(Garden g) {
        return GardenFixtures.CORE + "/namespaces/" + g.namespace() + "/backupentries";
    }

    /** A BackupEntry on the garden's seed (an entry names its seed or its shoot). */
    private static ObjectNode backupEntry(Garden g, String name, String bucketName) {
        ObjectNode entry = Json.MAPPER.createObjectNode();
        entry.put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "BackupEntry")
                .putObject("metadata")
                .put("name", name);
        entry.putObject("spec").put("bucketName", bucketName).put("seedName", g.seed());
        return entry;
    }

    private static ObjectNode namespacedCloudProfile(Garden g, String name, String parentKind, String parentName) {
        ObjectNode profile = NamespacedCloudProfileAdmissionE2ETest.profile(g, name);
        ((ObjectNode) profile.at("/spec/parent")).put("kind", parentKind).put("name", parentName);
        return profile;
    }

    private static void assertCause(JsonNode status, String reason, String field) {
        assertThat(status.at("/details/causes")).as(status.toString()).anySatisfy(cause -> {
            assertThat(cause.path("reason").asText()).isEqualTo(reason);
            assertThat(cause.path("field").asText()).isEqualTo(field);
        });
    }

    // ------------------------------------------------------------------------------------------ Gardener's defaults

    @Test
    void aBackupEntryWithAnEmptyBucketNameMeetsExtensionLabelsFirst() {
        JsonNode status =
                assertStatus(admin.post(backupEntries(garden), backupEntry(garden, "empty", "")), 500, "InternalError");
        assertThat(status.path("message").asText())
                .isEqualTo("Internal error occurred: backupbucket.core.gardener.cloud \"\" not found");
        assertThat(status.at("/details/causes/0/message").asText())
                .isEqualTo("backupbucket.core.gardener.cloud \"\" not found");
        assertThat(admin.get(backupEntries(garden) + "/empty").status()).isEqualTo(404);
    }

    @Test
    void aNamespacedCloudProfileOfAMissingParentMeetsExtensionLabelsFirst() {
        JsonNode status = assertStatus(
                admin.post(
                        NamespacedCloudProfileAdmissionE2ETest.collection(garden),
                        namespacedCloudProfile(garden, "orphan", "CloudProfile", "nope")),
                500,
                "InternalError");
        assertThat(status.path("message").asText())
                .isEqualTo("Internal error occurred: cloudprofile.core.gardener.cloud \"nope\" not found");
    }

    @Test
    void aNamespacedCloudProfileOfAnUnsupportedParentKindMeetsExtensionLabelsFirst() {
        JsonNode status = assertStatus(
                admin.post(
                        NamespacedCloudProfileAdmissionE2ETest.collection(garden),
                        namespacedCloudProfile(garden, "odd-kind", "Secret", garden.cloudProfile())),
                400,
                "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("invalid parent kind");
        assertThat(status.has("details")).isFalse();
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aShootOnAnEmptySeedNameMeetsShootDnsFirst(BindingKind kind) {
        Garden g = gardens.get(kind);
        ObjectNode shoot = GardenFixtures.shoot(g, "empty-seed");
        ((ObjectNode) shoot.get("spec")).put("seedName", "");
        // Gardener's ShootDNS wraps the lister's answer with fmt.Errorf: a 500 without reason
        JsonNode status = assertStatus(admin.post(g.shoots(), shoot), 500, "");
        assertThat(status.path("message").asText())
                .isEqualTo("error retrieving default domains: Internal error occurred: "
                        + "could not get seed : seed.core.gardener.cloud \"\" not found");
    }

    /** The garden's Shoot for this binding kind, naming {@code bindingName} as its binding. */
    private static ObjectNode boundShoot(BindingKind kind, String name, String bindingName) {
        return kind.bind(GardenFixtures.shoot(gardens.get(kind), name), bindingName);
    }

    private static void assertShootForbidden(BindingKind kind, ObjectNode shoot, String reason) {
        Garden g = gardens.get(kind);
        String name = shoot.at("/metadata/name").asText();
        JsonNode status = assertStatus(admin.post(g.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"" + name + "\" is forbidden: " + reason);
        assertThat(admin.get(g.shoot(name)).status()).isEqualTo(404);
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aShootOfAnExistingBindingIsStored(BindingKind kind) {
        GardenFixtures.created(admin, gardens.get(kind).shoots(), GardenFixtures.shoot(gardens.get(kind), "bound"));
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aShootOfAMissingBindingIsForbiddenByResourceReferenceManager(BindingKind kind) {
        assertShootForbidden(
                kind, boundShoot(kind, "gone", "missing"), kind.singularResource() + " \"missing\" not found");
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aShootWhoseBindingNameNamesABindingOfTheOtherKindIsForbidden(BindingKind kind) {
        assertShootForbidden(
                kind,
                boundShoot(kind, "wrong-kind", OTHER_KIND),
                kind.singularResource() + " \"" + OTHER_KIND + "\" not found");
    }

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aShootOfAnEmptyBindingNameIsInvalid(BindingKind kind) {
        Garden g = gardens.get(kind);
        JsonNode status = assertStatus(admin.post(g.shoots(), boundShoot(kind, "empty", "")), 422, "Invalid");
        assertThat(status.path("message").asText())
                .contains("spec.secretBindingName: Required value: must be set when credentialsBindingName is not");
        assertCause(status, "FieldValueRequired", "spec.secretBindingName");
    }

    // ------------------------------------------------------------------------------------- without ExtensionLabels

    @Test
    void withoutExtensionLabelsAnEmptyBucketNameIsInvalid() {
        JsonNode status = assertStatus(
                adminWithoutLabels.post(
                        backupEntries(gardenWithoutLabels), backupEntry(gardenWithoutLabels, "empty", "")),
                422,
                "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo("BackupEntry.core.gardener.cloud \"empty\" is invalid: "
                        + "spec.bucketName: Invalid value: \"\": bucketName must not be empty");
        assertCause(status, "FieldValueInvalid", "spec.bucketName");
    }

    @Test
    void withoutExtensionLabelsAMissingBucketIsForbiddenByResourceReferenceManager() {
        JsonNode status = assertStatus(
                adminWithoutLabels.post(
                        backupEntries(gardenWithoutLabels), backupEntry(gardenWithoutLabels, "lost", "nope")),
                403,
                "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("backupentries.core.gardener.cloud \"lost\" is forbidden: "
                        + "backupbucket.core.gardener.cloud \"nope\" not found");
    }

    @Test
    void withoutExtensionLabelsAMissingParentIsABadRequest() {
        JsonNode status = assertStatus(
                adminWithoutLabels.post(
                        NamespacedCloudProfileAdmissionE2ETest.collection(gardenWithoutLabels),
                        namespacedCloudProfile(gardenWithoutLabels, "orphan", "CloudProfile", "nope")),
                400,
                "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("parent CloudProfile could not be found");
    }

    @Test
    void withoutExtensionLabelsAnUnsupportedParentKindIsNotSupported() {
        JsonNode status = assertStatus(
                adminWithoutLabels.post(
                        NamespacedCloudProfileAdmissionE2ETest.collection(gardenWithoutLabels),
                        namespacedCloudProfile(
                                gardenWithoutLabels, "odd-kind", "Secret", gardenWithoutLabels.cloudProfile())),
                422,
                "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "NamespacedCloudProfile.core.gardener.cloud \"odd-kind\" is "
                                + "invalid: spec.parent.kind: Unsupported value: \"Secret\": supported values: \"CloudProfile\"");
        assertCause(status, "FieldValueNotSupported", "spec.parent.kind");
    }
}
