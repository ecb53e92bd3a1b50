package cloud.gardener.apiserver.admission.plugins.backupbucket.validator;

import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BackupBucketValidatorPluginTest {

    private static final GroupVersionKind KIND = new GroupVersionKind("core.gardener.cloud", "v1beta1", "BackupBucket");
    private static final GroupResource BUCKETS = new GroupResource("core.gardener.cloud", "backupbuckets");
    private static final String WI =
            "{apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity, namespace: garden, name: ";

    private final BackupBucketValidatorPlugin plugin = new BackupBucketValidatorPlugin(new PluginContext(
            new InMemoryObjects()
                    .put(
                            new GroupResource("security.gardener.cloud", "workloadidentities"),
                            "metadata: {name: aws-id, namespace: garden}\nspec: {targetSystem: {type: aws}}"),
            null,
            null,
            Clock.systemUTC()));

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments("a WorkloadIdentity of the bucket's provider", "aws", WI + "aws-id}", Outcome.ALLOWED),
                arguments(
                        "a WorkloadIdentity of another provider",
                        "gcp",
                        WI + "aws-id}",
                        Outcome.forbidden(
                                "backupbuckets.core.gardener.cloud",
                                "b",
                                "BackupBucket using backup of type "
                                        + "\"gcp\" cannot use WorkloadIdentity of type \"aws\"")),
                arguments(
                        "a missing WorkloadIdentity",
                        "aws",
                        WI + "nope}",
                        Outcome.rejected(
                                500,
                                "Internal error occurred: workloadidentity.security.gardener.cloud \"nope\" not found")),
                arguments(
                        "a WorkloadIdentity of an empty name",
                        "aws",
                        WI + "''}",
                        Outcome.rejected(
                                500,
                                "Internal error occurred: workloadidentity.security.gardener.cloud \"\" not found")),
                arguments(
                        "a WorkloadIdentity in another namespace",
                        "aws",
                        WI.replace("namespace: garden", "namespace: other") + "aws-id}",
                        Outcome.rejected(
                                500,
                                "Internal error occurred: workloadidentity.security.gardener.cloud \"aws-id\" not found")),
                arguments(
                        "a Secret is not checked",
                        "gcp",
                        "{apiVersion: v1, kind: Secret, namespace: garden, name: s}",
                        Outcome.ALLOWED),
                // only security.gardener.cloud/v1alpha1 WorkloadIdentity is read; any other kind is
                // ResourceReferenceManager's
                arguments(
                        "a WorkloadIdentity of another apiVersion is not checked",
                        "gcp",
                        WI.replace("v1alpha1", "v1") + "nope}",
                        Outcome.ALLOWED),
                arguments(
                        "an unknown kind is not checked",
                        "gcp",
                        "{apiVersion: v1, kind: ConfigMap, namespace: garden, name: x}",
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, String provider, String credentialsRef, Outcome expected) {
        String bucket = "metadata: {name: b}\nspec: {provider: {type: " + provider + "}, credentialsRef: "
                + credentialsRef + "}";
        expected.check(plugin.validate(Requests.create(KIND, BUCKETS, Requests.object(bucket))));
        expected.check(
                plugin.validate(Requests.update(KIND, BUCKETS, Requests.object(bucket), Requests.object(bucket))));
    }
}
