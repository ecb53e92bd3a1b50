package cloud.gardener.apiserver.admission.plugins.global.extensionvalidation;

import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExtensionValidatorTest {

    private static final String CORE = "core.gardener.cloud";
    private static final GroupResource REGISTRATIONS = new GroupResource(CORE, "controllerregistrations");

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(REGISTRATIONS, """
                    metadata: {name: provider-aws}
                    spec:
                      resources:
                      - {kind: ControlPlane, type: aws}
                      - {kind: Infrastructure, type: aws}
                      - {kind: Worker, type: aws}
                      - {kind: BackupBucket, type: aws}
                      - {kind: BackupEntry, type: aws}
                      - {kind: DNSRecord, type: aws-route53}
                      - {kind: Network, type: calico}
                      - {kind: OperatingSystemConfig, type: gardenlinux}
                      - {kind: ContainerRuntime, type: gvisor, primary: false}
                      - {kind: Extension, type: seed-only, clusterCompatibility: [seed]}
                      - {kind: Extension, type: everywhere, workerlessSupported: true}
                      - {kind: Extension, type: workers-only, clusterCompatibility: [shoot]}
                    """)
            .put(new GroupResource(CORE, "backupbuckets"), "metadata: {name: bucket}\nspec: {provider: {type: aws}}")
            .put(new GroupResource(CORE, "backupbuckets"), "metadata: {name: gcs}\nspec: {provider: {type: gcp}}");
    private final ExtensionValidator plugin =
            new ExtensionValidator(new PluginContext(objects, null, null, Clock.systemUTC()));

    private static final String SHOOT_SPEC = "provider: {type: aws, workers: [{name: w, machine: {type: m5,"
            + " image: {name: gardenlinux}}, cri: {name: containerd}}]}, networking: {type: calico}";

    private static Arguments shoot(String name, String spec, Outcome expected) {
        return arguments(
                name, "Shoot", "shoots", "metadata: {name: s, namespace: garden-dev}\nspec: {" + spec + "}", expected);
    }

    private static Outcome shootForbidden(String... errors) {
        return Outcome.forbidden("shoots.core.gardener.cloud", "s", multierror(errors));
    }

    private static String multierror(String... errors) {
        if (errors.length == 1) {
            return "1 error occurred:\n\t* " + errors[0] + "\n\n";
        }
        return errors.length + " errors occurred:\n\t* " + String.join("\n\t* ", errors) + "\n\n";
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                shoot(
                        "a shoot of registered types",
                        SHOOT_SPEC + ", extensions: [{type: workers-only}],"
                                + " dns: {providers: [{type: aws-route53, primary: true}, {type: unmanaged, primary: true}]}",
                        Outcome.ALLOWED),
                shoot(
                        "a shoot of an unregistered provider type",
                        SHOOT_SPEC.replace("type: aws,", "type: gcp,"),
                        shootForbidden(
                                "given Shoot uses non-registered provider type: spec.provider.type (\"gcp\")",
                                "given Shoot uses non-registered provider type: spec.provider.type (\"gcp\")",
                                "given Shoot uses non-registered provider type: spec.provider.type (\"gcp\")")),
                shoot(
                        "unregistered network, image, runtime (secondary only), DNS and extension types",
                        SHOOT_SPEC
                                        .replace("calico", "cilium")
                                        .replace("gardenlinux", "ubuntu")
                                        .replace(
                                                "cri: {name: containerd}",
                                                "cri: {name: containerd, containerRuntimes: [{type: gvisor}]}")
                                + ", dns: {providers: [{type: azure-dns, primary: true}]}, extensions: [{type: seed-only}]",
                        shootForbidden(
                                "given Shoot uses non-registered networking type: spec.networking.type (\"cilium\")",
                                "given Shoot uses non-registered extension type: spec.dns.providers[0].type (\"azure-dns\")",
                                "given Shoot uses non-registered extension type: spec.extensions[0].type (\"seed-only\")",
                                "given Shoot uses non-registered container runtime type: "
                                        + "spec.provider.workers[0].cri.containerRuntimes[0].type (\"gvisor\")",
                                "given Shoot uses non-registered operating system type: "
                                        + "spec.provider.workers[0].machine.image.name (\"ubuntu\")")),
                shoot(
                        "a workerless shoot needs no provider controllers",
                        "provider: {type: gcp}, extensions: [{type: everywhere}]",
                        Outcome.ALLOWED),
                shoot(
                        "a workerless shoot may only use extensions that support it",
                        "provider: {type: gcp}, extensions: [{type: workers-only}]",
                        shootForbidden("given Shoot is workerless and uses non-supported extension type: "
                                + "spec.extensions[0].type (\"workers-only\")")),
                arguments(
                        "a seed of registered types",
                        "Seed",
                        "seeds",
                        "metadata: {name: seed}\nspec: {provider: {type: aws},"
                                + " backup: {provider: aws}, dns: {provider: {type: aws-route53}}, ingress: {domain: x},"
                                + " extensions: [{type: seed-only}]}",
                        Outcome.ALLOWED),
                arguments(
                        "a seed of unregistered types",
                        "Seed",
                        "seeds",
                        "metadata: {name: seed}\nspec: {provider: {type: gcp},"
                                + " backup: {provider: gcp}, dns: {provider: {type: google-dns}}, ingress: {domain: x},"
                                + " extensions: [{type: workers-only}]}",
                        Outcome.forbidden(
                                "seeds.core.gardener.cloud",
                                "seed",
                                multierror(
                                        "given Seed uses non-registered provider type: spec.provider.type (\"gcp\")",
                                        "given Seed uses non-registered backup provider type: spec.backup.provider (\"gcp\")",
                                        "given Seed uses non-registered backup provider type: spec.backup.provider (\"gcp\")",
                                        "given Seed uses non-registered extension type: spec.dns.provider.type (\"google-dns\")",
                                        "given Seed uses non-registered extension type: spec.extensions[0].type (\"workers-only\")"))),
                arguments(
                        "a bucket of an unregistered provider",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {provider: {type: gcp}}",
                        Outcome.forbidden(
                                "backupbuckets.core.gardener.cloud",
                                "b",
                                "given BackupBucket uses non-registered provider type: spec.provider.type (\"gcp\")")),
                arguments(
                        "an entry whose bucket's provider is registered",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: bucket}",
                        Outcome.ALLOWED),
                arguments(
                        "an entry whose bucket's provider is not registered",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: gcs}",
                        Outcome.forbidden(
                                "backupentries.core.gardener.cloud",
                                "e",
                                "given BackupEntry references bucket "
                                        + "using non-registered provider type: spec.bucketName (\"gcp\")")),
                arguments(
                        "an entry whose bucket is missing",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: nope}",
                        Outcome.rejected(404, "backupbucket.core.gardener.cloud \"nope\" not found")),
                // Gardener passes the lister's NotFound on unwrapped, whatever the name
                arguments(
                        "an entry of an empty bucket name",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: ''}",
                        Outcome.rejected(404, "backupbucket.core.gardener.cloud \"\" not found")),
                arguments(
                        "an entry without bucket name",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {seedName: s}",
                        Outcome.rejected(404, "backupbucket.core.gardener.cloud \"\" not found")),
                arguments(
                        "an entry naming a ControllerRegistration as its bucket",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: provider-aws}",
                        Outcome.rejected(404, "backupbucket.core.gardener.cloud \"provider-aws\" not found")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validatesCreate(String name, String kind, String resource, String object, Outcome expected) {
        expected.check(plugin.validate(Requests.create(
                new GroupVersionKind(CORE, "v1beta1", kind),
                new GroupResource(CORE, resource),
                Requests.object(object))));
    }

    @Test
    void updatesThatKeepTheSpecAreNotChecked() {
        String shoot =
                "metadata: {name: s, namespace: ns, labels: {a: b}}\nspec: {provider: {type: gcp, workers: [{name: w}]}}";
        Outcome.ALLOWED.check(plugin.validate(Requests.update(
                new GroupVersionKind(CORE, "v1beta1", "Shoot"),
                new GroupResource(CORE, "shoots"),
                Requests.object(shoot),
                Requests.object(shoot.replace("{a: b}", "{}")))));
    }

    @Test
    void updatesThatChangeTheSpecAreCheckedOnTheRecordsAndUnsetSectionsAreNoChange() {
        GroupVersionKind kind = new GroupVersionKind(CORE, "v1beta1", "BackupBucket");
        GroupResource resource = new GroupResource(CORE, "backupbuckets");
        String gcp = "metadata: {name: b}\nspec: {provider: {type: gcp}}";
        Outcome.forbidden(
                        "backupbuckets.core.gardener.cloud",
                        "b",
                        "given BackupBucket uses non-registered provider type: spec.provider.type (\"gcp\")")
                .check(plugin.validate(Requests.update(
                        kind, resource, Requests.object(gcp), Requests.object(gcp.replace("gcp", "aws")))));
        // an explicit null is the absent field the stored object omits: the same record, no change
        Outcome.ALLOWED.check(plugin.validate(Requests.update(
                kind, resource, Requests.object(gcp.replace("}}", "}, providerConfig: null}")), Requests.object(gcp))));
        String bare = "metadata: {name: b}";
        Outcome.ALLOWED.check(plugin.validate(
                Requests.update(kind, resource, Requests.object(bare), Requests.object(bare + "\nspec: null"))));
    }
}
