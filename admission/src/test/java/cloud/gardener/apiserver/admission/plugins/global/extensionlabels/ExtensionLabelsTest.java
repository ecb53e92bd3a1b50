package cloud.gardener.apiserver.admission.plugins.global.extensionlabels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExtensionLabelsTest {

    private static final String CORE = "core.gardener.cloud";
    private static final String SECURITY = "security.gardener.cloud";

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(new GroupResource(CORE, "controllerregistrations"), """
                    metadata: {name: extensions}
                    spec:
                      resources:
                      - {kind: Extension, type: auto-shoot, autoEnable: [shoot]}
                      - {kind: Extension, type: auto-seed, autoEnable: [seed]}
                      - {kind: Extension, type: auto-workerless, autoEnable: [shoot], workerlessSupported: true}
                      - {kind: Extension, type: auto-disabled, autoEnable: [shoot]}
                    """)
            .put(new GroupResource(CORE, "cloudprofiles"), "metadata: {name: aws}\nspec: {type: aws}")
            .put(new GroupResource(CORE, "backupbuckets"), "metadata: {name: bucket}\nspec: {provider: {type: gcp}}");
    private final ExtensionLabels plugin =
            new ExtensionLabels(new PluginContext(objects, null, null, Clock.systemUTC()));

    static Stream<Arguments> cases() {
        String p = "provider.extensions.gardener.cloud/";
        return Stream.of(
                arguments(
                        "a shoot: provider, networking, OS, runtime, DNS and enabled extensions",
                        CORE,
                        "Shoot",
                        """
                        metadata: {name: s, namespace: ns, labels: {provider.extensions.gardener.cloud/old: 'true', keep: x}}
                        spec:
                          provider: {type: aws, workers: [{name: w, machine: {image: {name: gardenlinux}},
                            cri: {name: containerd, containerRuntimes: [{type: gvisor}]}}]}
                          networking: {type: calico}
                          dns: {providers: [{type: aws-route53}, {type: unmanaged}]}
                          extensions: [{type: explicit}, {type: auto-disabled, disabled: true}]
                        """,
                        "{keep: x, extensions.extensions.gardener.cloud/explicit: 'true',"
                                + " extensions.extensions.gardener.cloud/auto-shoot: 'true',"
                                + " extensions.extensions.gardener.cloud/auto-workerless: 'true',"
                                + " containerruntime.extensions.gardener.cloud/gvisor: 'true',"
                                + " operatingsystemconfig.extensions.gardener.cloud/gardenlinux: 'true',"
                                + " dnsrecord.extensions.gardener.cloud/aws-route53: 'true', " + p + "aws: 'true',"
                                + " networking.extensions.gardener.cloud/calico: 'true'}"),
                arguments(
                        "a workerless shoot gets only auto-enabled extensions that support it",
                        CORE,
                        "Shoot",
                        "metadata: {name: s, namespace: ns}\nspec: {provider: {type: aws}}",
                        "{extensions.extensions.gardener.cloud/auto-workerless: 'true', " + p + "aws: 'true'}"),
                arguments(
                        "a shoot without DNS, networking, machine image or CRI: only what it has",
                        CORE,
                        "Shoot",
                        """
                        metadata: {name: s, namespace: ns}
                        spec:
                          provider: {type: aws, workers: [{name: w, machine: {type: m5},
                            controlPlane: {exposure: {extension: {type: kube-vip}}}}]}
                          dns: {domain: a.example.com}
                        """,
                        "{extensions.extensions.gardener.cloud/auto-shoot: 'true',"
                                + " extensions.extensions.gardener.cloud/auto-workerless: 'true',"
                                + " extensions.extensions.gardener.cloud/auto-disabled: 'true',"
                                + " selfhostedshootexposure.extensions.gardener.cloud/kube-vip: 'true',"
                                + " " + p + "aws: 'true'}"),
                arguments(
                        "a seed without backup or DNS provider",
                        CORE,
                        "Seed",
                        "metadata: {name: seed}\nspec: {provider: {type: aws}, dns: {}}",
                        "{extensions.extensions.gardener.cloud/auto-seed: 'true', " + p + "aws: 'true'}"),
                arguments(
                        "a seed: provider, backup, DNS and enabled extensions",
                        CORE,
                        "Seed",
                        "metadata: {name: seed}\nspec: {provider: {type: aws}, backup: {provider: gcp},"
                                + " dns: {provider: {type: aws-route53}}}",
                        "{extensions.extensions.gardener.cloud/auto-seed: 'true', " + p + "aws: 'true', " + p
                                + "gcp: 'true'," + " dnsrecord.extensions.gardener.cloud/aws-route53: 'true'}"),
                arguments(
                        "a secret binding: each of its provider types",
                        CORE,
                        "SecretBinding",
                        "metadata: {name: b, namespace: ns}\nprovider: {type: 'aws,gcp'}",
                        "{" + p + "aws: 'true', " + p + "gcp: 'true'}"),
                arguments(
                        "a credentials binding",
                        SECURITY,
                        "CredentialsBinding",
                        "metadata: {name: b, namespace: ns}\nprovider: {type: aws}",
                        "{" + p + "aws: 'true'}"),
                arguments(
                        "a workload identity: its target system",
                        SECURITY,
                        "WorkloadIdentity",
                        "metadata: {name: w, namespace: ns}\nspec: {targetSystem: {type: azure}}",
                        "{" + p + "azure: 'true'}"),
                arguments(
                        "a cloud profile",
                        CORE,
                        "CloudProfile",
                        "metadata: {name: c}\nspec: {type: aws}",
                        "{" + p + "aws: 'true'}"),
                arguments(
                        "a namespaced cloud profile: its parent's type",
                        CORE,
                        "NamespacedCloudProfile",
                        "metadata: {name: n, namespace: ns}\nspec: {parent: {kind: CloudProfile, name: aws}}",
                        "{" + p + "aws: 'true'}"),
                arguments(
                        "a backup bucket",
                        CORE,
                        "BackupBucket",
                        "metadata: {name: b}\nspec: {provider: {type: gcp}}",
                        "{" + p + "gcp: 'true'}"),
                arguments(
                        "a backup entry: its bucket's type",
                        CORE,
                        "BackupEntry",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: bucket}",
                        "{" + p + "gcp: 'true'}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void labels(String name, String group, String kind, String object, String labels) {
        ObjectNode tree = Requests.object(object);
        ObjectNode before = tree.deepCopy();
        Outcomes.acceptedAnsweringItsWrites(
                plugin.admit(Requests.create(
                        new GroupVersionKind(group, "v1beta1", kind),
                        new GroupResource(group, kind.toLowerCase(Locale.ROOT) + "s"),
                        tree)),
                before,
                tree);
        assertThat(tree.path("metadata").path("labels")).isEqualTo(Requests.object(labels));
    }

    @Test
    void aNamespacedCloudProfileMustHaveACloudProfileParent() {
        Outcome.rejected(400, "invalid parent kind")
                .check(plugin.admit(Requests.create(
                        new GroupVersionKind(CORE, "v1beta1", "NamespacedCloudProfile"),
                        new GroupResource(CORE, "namespacedcloudprofiles"),
                        Requests.object(
                                "metadata: {name: n, namespace: ns}\nspec: {parent: {kind: Other, name: aws}}"))));
    }

    @Test
    void aMissingParentOrBucketIsAnInternalError() {
        Outcome.rejected(500, "Internal error occurred: backupbucket.core.gardener.cloud \"nope\" not found")
                .check(plugin.admit(Requests.create(
                        new GroupVersionKind(CORE, "v1beta1", "BackupEntry"),
                        new GroupResource(CORE, "backupentries"),
                        Requests.object("metadata: {name: e, namespace: ns}\nspec: {bucketName: nope}"))));
    }
}
