package cloud.gardener.apiserver.admission.plugins.global.extensionlabels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The two references ExtensionLabels reads, a BackupEntry's {@code spec.bucketName} and a NamespacedCloudProfile's
 * {@code spec.parent}, each present, missing, empty and of the wrong kind. Gardener's plugin is a mutating one, so it
 * runs before the strategy's validation: its answers (the lister's NotFound wrapped in {@code apierrors.NewInternalError},
 * {@code apierrors.NewBadRequest("invalid parent kind")}) are what a client sees for these objects while the plugin is on.
 */
class ExtensionLabelsReferencesTest {

    private static final String CORE = "core.gardener.cloud";
    private static final GroupVersionKind BACKUP_ENTRY = new GroupVersionKind(CORE, "v1beta1", "BackupEntry");
    private static final GroupVersionKind NAMESPACED_CLOUD_PROFILE =
            new GroupVersionKind(CORE, "v1beta1", "NamespacedCloudProfile");
    private static final String PROVIDER_LOCAL = "provider.extensions.gardener.cloud/local";

    /** A bucket and a CloudProfile of provider "local", and a Seed named like neither. */
    private final InMemoryObjects garden = new InMemoryObjects()
            .put(GardenerResources.BACKUP_BUCKETS, "metadata: {name: bucket}\nspec: {provider: {type: local}}")
            .put(GardenerResources.CLOUD_PROFILES, "metadata: {name: local}\nspec: {type: local}")
            .put(
                    GardenerResources.NAMESPACED_CLOUD_PROFILES,
                    "metadata: {name: team, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: local}}")
            .put(GardenerResources.SEEDS, "metadata: {name: seed-only}\nspec: {provider: {type: local}}");

    private final ExtensionLabels plugin =
            new ExtensionLabels(new PluginContext(garden, null, null, Clock.systemUTC()));

    private static Outcome internal(String message) {
        return Outcome.rejected(500, "Internal error occurred: " + message);
    }

    static Stream<Arguments> backupEntries() {
        return Stream.of(
                arguments("an existing bucket", "bucketName: bucket", Outcome.ALLOWED),
                arguments(
                        "a missing bucket",
                        "bucketName: nope",
                        internal("backupbucket.core.gardener.cloud \"nope\" not found")),
                arguments(
                        "an empty bucket name",
                        "bucketName: ''",
                        internal("backupbucket.core.gardener.cloud \"\" not found")),
                arguments(
                        "no bucket name at all",
                        "seedName: seed-only",
                        internal("backupbucket.core.gardener.cloud \"\" not found")),
                arguments(
                        "the name of a Seed, not of a bucket",
                        "bucketName: seed-only",
                        internal("backupbucket.core.gardener.cloud \"seed-only\" not found")));
    }

    @ParameterizedTest(name = "a BackupEntry naming {0}")
    @MethodSource("backupEntries")
    void aBackupEntrysBucket(String name, String spec, Outcome expected) {
        ObjectNode entry = Requests.object("metadata: {name: e, namespace: garden-dev}\nspec: {" + spec + "}");
        Future<Mutation> result = plugin.admit(request(BACKUP_ENTRY, GardenerResources.BACKUP_ENTRIES, entry));
        expected.check(result);
        expectLabelledIfAllowed(result, entry);
    }

    static Stream<Arguments> namespacedCloudProfiles() {
        return Stream.of(
                arguments("an existing CloudProfile", "{kind: CloudProfile, name: local}", Outcome.ALLOWED),
                arguments(
                        "a missing CloudProfile",
                        "{kind: CloudProfile, name: nope}",
                        internal("cloudprofile.core.gardener.cloud \"nope\" not found")),
                arguments(
                        "an empty name",
                        "{kind: CloudProfile, name: ''}",
                        internal("cloudprofile.core.gardener.cloud \"\" not found")),
                arguments(
                        "no name at all",
                        "{kind: CloudProfile}",
                        internal("cloudprofile.core.gardener.cloud \"\" not found")),
                arguments(
                        "a NamespacedCloudProfile parent",
                        "{kind: NamespacedCloudProfile, name: team}",
                        Outcome.rejected(400, "invalid parent kind")),
                arguments(
                        "an unknown kind", "{kind: Secret, name: local}", Outcome.rejected(400, "invalid parent kind")),
                arguments("an empty kind", "{kind: '', name: local}", Outcome.rejected(400, "invalid parent kind")),
                arguments("no kind at all", "{name: local}", Outcome.rejected(400, "invalid parent kind")));
    }

    @ParameterizedTest(name = "a NamespacedCloudProfile with {0} as parent")
    @MethodSource("namespacedCloudProfiles")
    void aNamespacedCloudProfilesParent(String name, String parent, Outcome expected) {
        ObjectNode profile =
                Requests.object("metadata: {name: p, namespace: garden-dev}\nspec: {parent: " + parent + "}");
        Future<Mutation> result =
                plugin.admit(request(NAMESPACED_CLOUD_PROFILE, GardenerResources.NAMESPACED_CLOUD_PROFILES, profile));
        expected.check(result);
        expectLabelledIfAllowed(result, profile);
    }

    @Test
    void aMissingReferenceIsAnInternalErrorWithTheListersNotFoundAsItsCause() {
        ObjectNode entry = Requests.object("metadata: {name: e, namespace: garden-dev}\nspec: {bucketName: nope}");
        ApiException e = (ApiException) plugin.admit(request(BACKUP_ENTRY, GardenerResources.BACKUP_ENTRIES, entry))
                .cause();
        assertThat(e.reason()).isEqualTo("InternalError");
        assertThat(e.status().details().causes())
                .singleElement()
                .satisfies(
                        c -> assertThat(c.message()).isEqualTo("backupbucket.core.gardener.cloud \"nope\" not found"));
    }

    @Test
    void anUnsupportedParentKindIsABadRequestWithoutCauses() {
        ObjectNode profile =
                Requests.object("metadata: {name: p, namespace: garden-dev}\nspec: {parent: {kind: X, name: local}}");
        ApiException e = (ApiException)
                plugin.admit(request(NAMESPACED_CLOUD_PROFILE, GardenerResources.NAMESPACED_CLOUD_PROFILES, profile))
                        .cause();
        assertThat(e.reason()).isEqualTo("BadRequest");
        assertThat(e.status().details()).isNull();
    }

    private static Attributes request(GroupVersionKind kind, GroupResource resource, ObjectNode object) {
        return Requests.create(kind, resource, object);
    }

    private static void expectLabelledIfAllowed(Future<?> result, ObjectNode object) {
        if (result.succeeded()) {
            assertThat(object.at("/metadata/labels").path(PROVIDER_LOCAL).asText())
                    .isEqualTo("true");
        } else {
            assertThat(object.at("/metadata/labels").isMissingNode())
                    .as("left unlabelled")
                    .isTrue();
        }
    }
}
