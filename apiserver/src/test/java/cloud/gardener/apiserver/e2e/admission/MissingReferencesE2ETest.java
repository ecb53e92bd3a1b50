package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Objects that name something missing, empty or of the wrong kind, through HTTP, in k8s.io/apiserver's order of
 * checks: mutating plugins, then the strategy's validation, then validating plugins. With Gardener's default
 * plugins ExtensionLabels (mutating) reads a BackupEntry's bucket and a NamespacedCloudProfile's parent first and
 * answers as Gardener's does (an internal error wrapping the lister's NotFound, or "invalid parent kind");
 * without it the strategy answers 422 on the field, then ResourceReferenceManager and
 * NamespacedCloudProfileValidator answer for what is missing.
 */
class MissingReferencesE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @RegisterExtension
    static final ApiServerExtension WITHOUT_LABELS = new ApiServerExtension(config -> config.withAdmission(List.of(),
            List.of("ExtensionLabels"), Map.of()));

    private static TestClient admin;
    private static Garden garden;
    private static String secretBinding;
    private static TestClient adminWithoutLabels;
    private static Garden gardenWithoutLabels;

    @BeforeAll
    static void gardens() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
        admin = SERVER.admin();
        garden = GardenFixtures.create(admin);
        secretBinding = "sb-" + garden.project();
        GardenFixtures.created(admin, GardenFixtures.CORE + "/namespaces/" + garden.namespace() + "/secretbindings",
                Json.MAPPER.valueToTree(Map.of("apiVersion", "core.gardener.cloud/v1beta1", "kind", "SecretBinding",
                        "metadata", Map.of("name", secretBinding),
                        "secretRef", Map.of("name", garden.binding(), "namespace", garden.namespace()),
                        "provider", Map.of("type", GardenFixtures.PROVIDER))));
        adminWithoutLabels = WITHOUT_LABELS.admin();
        gardenWithoutLabels = GardenFixtures.create(adminWithoutLabels);
    }

    private static String backupEntries(Garden g) {
        return GardenFixtures.CORE + "/namespaces/" + g.namespace() + "/backupentries";
    }

    /** A BackupEntry on the garden's seed (an entry names its seed or its shoot). */
    private static ObjectNode backupEntry(Garden g, String name, String bucketName) {
        ObjectNode entry = Json.MAPPER.createObjectNode();
        entry.put("apiVersion", "core.gardener.cloud/v1beta1").put("kind", "BackupEntry")
                .putObject("metadata").put("name", name);
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
        JsonNode status = assertStatus(admin.post(backupEntries(garden), backupEntry(garden, "empty", "")), 500, "InternalError");
        assertThat(status.path("message").asText())
                .isEqualTo("Internal error occurred: backupbucket.core.gardener.cloud \"\" not found");
        assertThat(status.at("/details/causes/0/message").asText()).isEqualTo("backupbucket.core.gardener.cloud \"\" not found");
        assertThat(admin.get(backupEntries(garden) + "/empty").status()).isEqualTo(404);
    }

    @Test
    void aNamespacedCloudProfileOfAMissingParentMeetsExtensionLabelsFirst() {
        JsonNode status = assertStatus(admin.post(NamespacedCloudProfileAdmissionE2ETest.collection(garden),
                namespacedCloudProfile(garden, "orphan", "CloudProfile", "nope")), 500, "InternalError");
        assertThat(status.path("message").asText())
                .isEqualTo("Internal error occurred: cloudprofile.core.gardener.cloud \"nope\" not found");
    }

    @Test
    void aNamespacedCloudProfileOfAnUnsupportedParentKindMeetsExtensionLabelsFirst() {
        JsonNode status = assertStatus(admin.post(NamespacedCloudProfileAdmissionE2ETest.collection(garden),
                namespacedCloudProfile(garden, "odd-kind", "Secret", garden.cloudProfile())), 400, "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("invalid parent kind");
        assertThat(status.has("details")).isFalse();
    }

    @Test
    void aShootOnAnEmptySeedNameMeetsShootDnsFirst() {
        ObjectNode shoot = GardenFixtures.shoot(garden, "empty-seed");
        ((ObjectNode) shoot.get("spec")).put("seedName", "");
        // Gardener's ShootDNS wraps the lister's answer with fmt.Errorf: a 500 without reason
        JsonNode status = assertStatus(admin.post(garden.shoots(), shoot), 500, "");
        assertThat(status.path("message").asText()).isEqualTo("error retrieving default domains: Internal error occurred: "
                + "could not get seed : seed.core.gardener.cloud \"\" not found");
    }

    /** The garden's Shoot bound by a SecretBinding: Kubernetes 1.33 (Gardener forbids secretBindingName from 1.34). */
    private static ObjectNode secretBindingShoot(String name, String bindingName) {
        ObjectNode shoot = GardenFixtures.shoot(garden, name);
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.remove("credentialsBindingName");
        spec.put("secretBindingName", bindingName);
        ((ObjectNode) spec.get("kubernetes")).put("version", "1.33.11");
        return shoot;
    }

    private static ObjectNode credentialsBindingShoot(String name, String bindingName) {
        ObjectNode shoot = GardenFixtures.shoot(garden, name);
        ((ObjectNode) shoot.get("spec")).put("credentialsBindingName", bindingName);
        return shoot;
    }

    private static void assertShootForbidden(ObjectNode shoot, String reason) {
        String name = shoot.at("/metadata/name").asText();
        JsonNode status = assertStatus(admin.post(garden.shoots(), shoot), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"" + name + "\" is forbidden: " + reason);
        assertThat(admin.get(garden.shoot(name)).status()).isEqualTo(404);
    }

    private static void assertNoBinding(ObjectNode shoot) {
        JsonNode status = assertStatus(admin.post(garden.shoots(), shoot), 422, "Invalid");
        assertThat(status.path("message").asText()).contains(
                "spec.secretBindingName: Required value: must be set when credentialsBindingName is not");
        assertCause(status, "FieldValueRequired", "spec.secretBindingName");
    }

    @Test
    void aShootOfAnExistingSecretBindingIsStored() {
        GardenFixtures.created(admin, garden.shoots(), secretBindingShoot("sb-ok", secretBinding));
    }

    @Test
    void aShootOfAMissingSecretBindingIsForbiddenByResourceReferenceManager() {
        assertShootForbidden(secretBindingShoot("sb-gone", "missing"), "secretbinding.core.gardener.cloud \"missing\" not found");
    }

    @Test
    void aShootWhoseSecretBindingNameNamesACredentialsBindingIsForbidden() {
        assertShootForbidden(secretBindingShoot("sb-kind", garden.binding()),
                "secretbinding.core.gardener.cloud \"" + garden.binding() + "\" not found");
    }

    @Test
    void aShootOfAnEmptySecretBindingNameIsInvalid() {
        assertNoBinding(secretBindingShoot("sb-empty", ""));
    }

    @Test
    void aShootOfAMissingCredentialsBindingIsForbiddenByResourceReferenceManager() {
        assertShootForbidden(credentialsBindingShoot("cb-gone", "missing"),
                "credentialsbinding.security.gardener.cloud \"missing\" not found");
    }

    @Test
    void aShootWhoseCredentialsBindingNameNamesASecretBindingIsForbidden() {
        assertShootForbidden(credentialsBindingShoot("cb-kind", secretBinding),
                "credentialsbinding.security.gardener.cloud \"" + secretBinding + "\" not found");
    }

    @Test
    void aShootOfAnEmptyCredentialsBindingNameIsInvalid() {
        assertNoBinding(credentialsBindingShoot("cb-empty", ""));
    }

    // ------------------------------------------------------------------------------------- without ExtensionLabels

    @Test
    void withoutExtensionLabelsAnEmptyBucketNameIsInvalid() {
        JsonNode status = assertStatus(adminWithoutLabels.post(backupEntries(gardenWithoutLabels), backupEntry(gardenWithoutLabels, "empty", "")),
                422, "Invalid");
        assertThat(status.path("message").asText()).isEqualTo("BackupEntry.core.gardener.cloud \"empty\" is invalid: "
                + "spec.bucketName: Invalid value: \"\": bucketName must not be empty");
        assertCause(status, "FieldValueInvalid", "spec.bucketName");
    }

    @Test
    void withoutExtensionLabelsAMissingBucketIsForbiddenByResourceReferenceManager() {
        JsonNode status = assertStatus(adminWithoutLabels.post(backupEntries(gardenWithoutLabels), backupEntry(gardenWithoutLabels, "lost", "nope")),
                403, "Forbidden");
        assertThat(status.path("message").asText()).isEqualTo("backupentries.core.gardener.cloud \"lost\" is forbidden: "
                + "backupbucket.core.gardener.cloud \"nope\" not found");
    }

    @Test
    void withoutExtensionLabelsAMissingParentIsABadRequest() {
        JsonNode status = assertStatus(adminWithoutLabels.post(
                NamespacedCloudProfileAdmissionE2ETest.collection(gardenWithoutLabels),
                namespacedCloudProfile(gardenWithoutLabels, "orphan", "CloudProfile", "nope")), 400, "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("parent CloudProfile could not be found");
    }

    @Test
    void withoutExtensionLabelsAnUnsupportedParentKindIsNotSupported() {
        JsonNode status = assertStatus(adminWithoutLabels.post(
                NamespacedCloudProfileAdmissionE2ETest.collection(gardenWithoutLabels),
                namespacedCloudProfile(gardenWithoutLabels, "odd-kind", "Secret", gardenWithoutLabels.cloudProfile())),
                422, "Invalid");
        assertThat(status.path("message").asText()).isEqualTo("NamespacedCloudProfile.core.gardener.cloud \"odd-kind\" is "
                + "invalid: spec.parent.kind: Unsupported value: \"Secret\": supported values: \"CloudProfile\"");
        assertCause(status, "FieldValueNotSupported", "spec.parent.kind");
    }
}
