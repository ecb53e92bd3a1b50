package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.DryRunClient;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.PrivilegedGroupsAuthorizer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Table-driven: one request against one garden; the user is system:masters unless a case says "alice". */
class ResourceReferenceManagerTest {

    private static final String CORE = "core.gardener.cloud";
    private static final String SECURITY = "security.gardener.cloud";
    private static final String SEEDMANAGEMENT = "seedmanagement.gardener.cloud";
    private static final UserInfo ADMIN = UserInfo.of("admin", List.of("system:masters"));
    private static final UserInfo ALICE = UserInfo.of("alice", List.of("system:authenticated"));
    private static final UserInfo GARDENADM =
            UserInfo.of("gardener.cloud:gardenadm:shoot:garden-dev:s", List.of("gardener.cloud:system:shoots"));

    private static GroupResource core(String resource) {
        return new GroupResource(CORE, resource);
    }

    private final InMemoryObjects garden = new InMemoryObjects()
            .put(core("cloudprofiles"), """
                    metadata: {name: aws}
                    spec:
                      type: aws
                      kubernetes: {versions: [{version: 1.31.1}, {version: 1.30.0}]}
                      machineImages: [{name: gardenlinux, versions: [{version: 1.0.0}, {version: 2.0.0}]}]
                      machineCapabilities: [{name: architecture, values: [amd64, arm64]}, {name: network, values: [public, private]}]
                    """)
            .put(core("namespacedcloudprofiles"), """
                    metadata: {name: custom, namespace: garden-dev}
                    spec:
                      parent: {kind: CloudProfile, name: aws}
                      kubernetes: {versions: [{version: 1.30.0, expirationDate: '2099-01-01T00:00:00Z'}]}
                      machineImages: [{name: custom-os, versions: [{version: 3.0.0}]}]
                      machineTypes: [{name: big, capabilities: {network: [private]}}]
                    """)
            .put(core("seeds"), "metadata: {name: seed-a}")
            .put(core("secretbindings"), "metadata: {name: creds, namespace: garden-dev}\nprovider: {type: aws}")
            .put(
                    new GroupResource(SECURITY, "credentialsbindings"),
                    "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: aws}")
            .put(core("exposureclasses"), "metadata: {name: internet}")
            .put(core("projects"), "metadata: {name: dev}\nspec: {namespace: garden-dev}")
            .put(
                    core("quotas"),
                    "metadata: {name: q1, namespace: garden-dev}\nspec: {scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}}")
            .put(
                    core("quotas"),
                    "metadata: {name: q2, namespace: garden-dev}\nspec: {scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}}")
            .put(core("backupbuckets"), "metadata: {name: bucket}")
            .put(core("backupbuckets"), "metadata: {name: empty}")
            .put(core("backupentries"), "metadata: {name: e1, namespace: shoot--dev--a}\nspec: {bucketName: bucket}")
            .put(core("backupentries"), "metadata: {name: e2, namespace: shoot--dev--b}\nspec: {bucketName: bucket}")
            .put(core("controllerdeployments"), "metadata: {name: provider-aws}")
            .put(core("shoots"), """
                    metadata: {name: uses-1-30, namespace: garden-dev}
                    spec:
                      cloudProfileName: aws
                      secretBindingName: creds
                      kubernetes: {version: 1.30.0}
                      provider: {type: aws, workers: [{name: w, minimum: 3, machine: {image: {name: gardenlinux, version: 1.0.0}}}]}
                    """)
            .put(core("shoots"), """
                    metadata: {name: via-custom, namespace: garden-dev}
                    spec:
                      cloudProfile: {kind: NamespacedCloudProfile, name: custom}
                      kubernetes: {version: 1.30.0}
                      provider: {type: aws, workers: [{name: w, minimum: 1, machine: {image: {name: custom-os, version: 3.0.0}}}]}
                    """)
            .put(new GroupResource("", "secrets"), "metadata: {name: creds, namespace: garden-dev}")
            .put(new GroupResource("", "secrets"), "metadata: {name: dns, namespace: garden-dev}")
            .put(new GroupResource("", "configmaps"), "metadata: {name: authn, namespace: garden-dev}")
            .put(
                    new GroupResource(SECURITY, "workloadidentities"),
                    "metadata: {name: wi, namespace: garden-dev}\nspec: {targetSystem: {type: gcp}}")
            .put(new GroupResource(SEEDMANAGEMENT, "gardenlets"), "metadata: {name: taken, namespace: garden}")
            .put(new GroupResource(SEEDMANAGEMENT, "managedseeds"), "metadata: {name: managed, namespace: garden}");

    private final ResourceReferenceManager plugin = new ResourceReferenceManager(
            new PluginContext(garden, PrivilegedGroupsAuthorizer.defaults(), null, Clock.systemUTC()));

    /** One case: kind, resource, operation, object, old object, user, outcome. */
    private static Arguments request(
            String name,
            String group,
            String kind,
            String resource,
            Operation op,
            String object,
            String old,
            UserInfo user,
            Outcome expected) {
        return arguments(name, group, kind, resource, op, object, old, user, expected);
    }

    private static Arguments create(String name, String kind, String resource, String object, Outcome expected) {
        return request(name, CORE, kind, resource, Operation.CREATE, object, null, ADMIN, expected);
    }

    private static Outcome forbidden(String resource, String name, String reason) {
        return Outcome.forbidden(resource, name, reason);
    }

    private static final String SHOOT =
            "metadata: {name: s, namespace: garden-dev}\nspec: {cloudProfileName: aws, provider: {type: aws}";

    private static Arguments shoot(String name, String extraSpec, Outcome expected) {
        return create(name, "Shoot", "shoots", SHOOT + (extraSpec.isEmpty() ? "" : ", " + extraSpec) + "}", expected);
    }

    private static Outcome shootForbidden(String reason) {
        return forbidden("shoots.core.gardener.cloud", "s", reason);
    }

    static Stream<Arguments> bindings() {
        String binding =
                "metadata: {name: creds, namespace: garden-dev}\nprovider: {type: aws}\nsecretRef: {name: creds, namespace: garden-dev}";
        String sb = "secretbindings.core.gardener.cloud";
        return Stream.of(
                create(
                        "secret binding with an existing secret",
                        "SecretBinding",
                        "secretbindings",
                        binding,
                        Outcome.ALLOWED),
                create(
                        "secret binding whose secret is missing",
                        "SecretBinding",
                        "secretbindings",
                        binding.replace("secretRef: {name: creds,", "secretRef: {name: nope,"),
                        forbidden(sb, "creds", "secrets \"nope\" not found")),
                request(
                        "secret binding whose secret the user may not read",
                        CORE,
                        "SecretBinding",
                        "secretbindings",
                        Operation.CREATE,
                        binding,
                        null,
                        ALICE,
                        forbidden(sb, "creds", "SecretBinding cannot reference a Secret you are not allowed to read")),
                create(
                        "secret binding whose provider types leave out a shoot's",
                        "SecretBinding",
                        "secretbindings",
                        binding.replace("type: aws", "type: 'gcp,azure'"),
                        forbidden(
                                sb,
                                "creds",
                                "SecretBinding is referenced "
                                        + "by shoot \"uses-1-30\", but provider types ([gcp azure]) do not match with the shoot provider type \"aws\"")),
                create(
                        "secret binding with a missing quota",
                        "SecretBinding",
                        "secretbindings",
                        binding + "\nquotas: [{name: nope, namespace: garden-dev}]",
                        forbidden(sb, "creds", "quota.core.gardener.cloud \"nope\" not found")),
                request(
                        "a gardenadm user may use its own namespace's secret, but not another namespace's quota",
                        CORE,
                        "SecretBinding",
                        "secretbindings",
                        Operation.CREATE,
                        binding + "\nquotas: [{name: q1, namespace: other}]",
                        null,
                        GARDENADM,
                        forbidden(sb, "creds", "SecretBinding cannot reference a quota you are not allowed to read")),
                create(
                        "secret binding with two project quotas",
                        "SecretBinding",
                        "secretbindings",
                        binding + "\nquotas: [{name: q1, namespace: garden-dev}, {name: q2, namespace: garden-dev}]",
                        forbidden(sb, "creds", "only one quota per scope (project or credentials) can be assigned")),
                request(
                        "credentials binding with a WorkloadIdentity of its provider",
                        SECURITY,
                        "CredentialsBinding",
                        "credentialsbindings",
                        Operation.CREATE,
                        "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: gcp}\n"
                                + "credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity,"
                                + " name: wi, namespace: garden-dev}",
                        null,
                        ADMIN,
                        Outcome.ALLOWED),
                request(
                        "credentials binding with a WorkloadIdentity of another provider",
                        SECURITY,
                        "CredentialsBinding",
                        "credentialsbindings",
                        Operation.CREATE,
                        "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: aws}\n"
                                + "credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity,"
                                + " name: wi, namespace: garden-dev}",
                        null,
                        ADMIN,
                        forbidden(
                                "credentialsbindings.security.gardener.cloud",
                                "cb",
                                "CredentialsBinding provider type ([aws]) "
                                        + "does not match with WorkloadIdentity provider type gcp")),
                request(
                        "credentials binding of an unknown credentials kind",
                        SECURITY,
                        "CredentialsBinding",
                        "credentialsbindings",
                        Operation.CREATE,
                        "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: aws}\n"
                                + "credentialsRef: {apiVersion: apps/v1, kind: Deployment, name: x, namespace: garden-dev}",
                        null,
                        ADMIN,
                        forbidden(
                                "credentialsbindings.security.gardener.cloud",
                                "cb",
                                "unknown credentials ref: CredentialsBinding "
                                        + "is referencing neither a Secret nor an InternalSecret nor a WorkloadIdentity")));
    }

    static Stream<Arguments> shoots() {
        String prefix = "could not find cloudProfileSpec from the shoot cloudProfile reference: ";
        return Stream.of(
                shoot(
                        "a shoot whose references exist",
                        "seedName: seed-a, secretBindingName: creds, exposureClassName: internet,"
                                + " dns: {providers: [{credentialsRef: {apiVersion: v1, kind: Secret, name: dns}}]},"
                                + " kubernetes: {kubeAPIServer: {structuredAuthentication: {configMapName: authn}}},"
                                + " resources: [{name: r, resourceRef: {apiVersion: v1, kind: Secret, name: dns}}]",
                        Outcome.ALLOWED),
                create(
                        "a shoot of a missing cloud profile",
                        "Shoot",
                        "shoots",
                        SHOOT.replace("cloudProfileName: aws", "cloudProfileName: gcp") + "}",
                        shootForbidden(prefix + "cloudprofile.core.gardener.cloud \"gcp\" not found")),
                create(
                        "a shoot of a missing namespaced cloud profile",
                        "Shoot",
                        "shoots",
                        SHOOT.replace(
                                        "cloudProfileName: aws",
                                        "cloudProfile: {kind: NamespacedCloudProfile, name: nope}")
                                + "}",
                        shootForbidden(prefix + "namespacedcloudprofile.core.gardener.cloud \"nope\" not found")),
                shoot(
                        "a shoot on a missing seed",
                        "seedName: seed-b",
                        shootForbidden("seed.core.gardener.cloud \"seed-b\" not found")),
                shoot(
                        "a shoot with a missing secret binding",
                        "secretBindingName: nope",
                        shootForbidden("secretbinding.core.gardener.cloud \"nope\" not found")),
                shoot(
                        "a shoot with a missing credentials binding",
                        "credentialsBindingName: nope",
                        shootForbidden("credentialsbinding.security.gardener.cloud \"nope\" not found")),
                shoot(
                        "a shoot with a missing exposure class",
                        "exposureClassName: nope",
                        shootForbidden("exposureclass.core.gardener.cloud \"nope\" not found")),
                shoot(
                        "a shoot with missing DNS credentials",
                        "dns: {providers: [{credentialsRef: {apiVersion: v1, kind: Secret," + " name: nope}}]}",
                        shootForbidden(
                                "failed to resolve credentials reference of type Secret: secrets \"nope\" not found")),
                shoot(
                        "a shoot with a missing admission plugin kubeconfig",
                        "kubernetes: {kubeAPIServer: {admissionPlugins:"
                                + " [{name: ImagePolicyWebhook, kubeconfigSecretName: nope}]}}",
                        shootForbidden(
                                "failed to resolve admission plugin kubeconfig secret reference for \"ImagePolicyWebhook\": "
                                        + "secrets \"nope\" not found")),
                shoot(
                        "a shoot with a missing structured authorization config map",
                        "kubernetes: {kubeAPIServer:" + " {structuredAuthorization: {configMapName: nope}}}",
                        shootForbidden(
                                "failed to resolve structured authorization config map reference: configmaps \"nope\" not found")),
                shoot(
                        "a shoot with a missing structured authorization kubeconfig",
                        "kubernetes: {kubeAPIServer:"
                                + " {structuredAuthorization: {configMapName: authn, kubeconfigs: [{authorizerName: a, secretName: nope}]}}}",
                        shootForbidden(
                                "failed to resolve structured authorization kubeconfig secret reference: secrets \"nope\" not found")),
                shoot(
                        "a shoot resource of an unknown kind",
                        "resources: [{name: r, resourceRef: {apiVersion: v1, kind: Pod, name: p}}]",
                        shootForbidden(
                                "resource reference \"r\" could not be resolved for API resource with version \"v1\" and kind \"Pod\"")),
                shoot(
                        "a shoot resource of a cluster-scoped kind",
                        "resources: [{name: r, resourceRef: {apiVersion: v1, kind: Namespace," + " name: p}}]",
                        shootForbidden(
                                "failed to resolve resource reference \"r\". Cannot reference a resource that is not namespaced")),
                shoot(
                        "a missing shoot resource",
                        "resources: [{name: r, resourceRef: {apiVersion: v1, kind: ConfigMap, name: nope}}]",
                        shootForbidden("failed to resolve resource reference \"r\": configmaps \"nope\" not found")),
                request(
                        "a shoot resource the user may not read",
                        CORE,
                        "Shoot",
                        "shoots",
                        Operation.CREATE,
                        SHOOT
                                + ", resources: [{name: r, resourceRef: {apiVersion: v1, kind: ConfigMap, name: authn}}]}",
                        null,
                        ALICE,
                        shootForbidden("cannot reference a resource you are not allowed to read")),
                request(
                        "an update that keeps the spec is not checked",
                        CORE,
                        "Shoot",
                        "shoots",
                        Operation.UPDATE,
                        SHOOT + ", seedName: gone}",
                        SHOOT + ", seedName: gone}",
                        ADMIN,
                        Outcome.ALLOWED),
                request(
                        "a shoot being deleted is not checked",
                        CORE,
                        "Shoot",
                        "shoots",
                        Operation.UPDATE,
                        SHOOT.replace(
                                        "namespace: garden-dev}",
                                        "namespace: garden-dev, deletionTimestamp: '2026-01-01T00:00:00Z'}")
                                + ", seedName: gone}",
                        SHOOT + "}",
                        ADMIN,
                        Outcome.ALLOWED),
                create(
                        "a seed resource in the garden namespace",
                        "Seed",
                        "seeds",
                        "metadata: {name: seed}\nspec: {resources: [{name: r, resourceRef: {apiVersion: v1, kind: Secret, name: creds}}]}",
                        forbidden(
                                "seeds.core.gardener.cloud",
                                "seed",
                                "failed to resolve resource reference \"r\": secrets \"creds\" not found")));
    }

    static Stream<Arguments> others() {
        String bb = "backupbuckets.core.gardener.cloud";
        return Stream.of(
                create(
                        "a project in a namespace another project uses",
                        "Project",
                        "projects",
                        "metadata: {name: other}\nspec: {namespace: garden-dev}",
                        forbidden(
                                "projects.core.gardener.cloud",
                                "other",
                                "namespace \"garden-dev\" is already used by another project")),
                request(
                        "a project setting its namespace for the first time",
                        CORE,
                        "Project",
                        "projects",
                        Operation.UPDATE,
                        "metadata: {name: other}\nspec: {namespace: garden-dev}",
                        "metadata: {name: other}\nspec: {}",
                        ADMIN,
                        forbidden(
                                "projects.core.gardener.cloud",
                                "other",
                                "namespace \"garden-dev\" is already used by another project")),
                create(
                        "a project in its own namespace",
                        "Project",
                        "projects",
                        "metadata: {name: dev}\nspec: {namespace: garden-dev}",
                        Outcome.ALLOWED),
                create(
                        "a bucket on a missing seed",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {seedName: nope, credentialsRef: {apiVersion: v1, kind: Secret, name: creds,"
                                + " namespace: garden-dev}}",
                        forbidden(bb, "b", "seed.core.gardener.cloud \"nope\" not found")),
                create(
                        "a bucket without credentials",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {seedName: seed-a}",
                        forbidden(bb, "b", "spec.credentialsRef must be set or defaulted")),
                create(
                        "a bucket with a missing WorkloadIdentity",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                + " kind: WorkloadIdentity, name: nope, namespace: garden-dev}}",
                        forbidden(bb, "b", "workloadidentities.security.gardener.cloud \"nope\" not found")),
                create(
                        "a bucket with existing credentials",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {seedName: seed-a, credentialsRef: {apiVersion: v1, kind: Secret, name: creds,"
                                + " namespace: garden-dev}}",
                        Outcome.ALLOWED),
                request(
                        "deleting a bucket entries still use",
                        CORE,
                        "BackupBucket",
                        "backupbuckets",
                        Operation.DELETE,
                        null,
                        "metadata: {name: bucket}",
                        ADMIN,
                        forbidden(
                                bb,
                                "bucket",
                                "cannot delete BackupBucket because BackupEntries"
                                        + " are still referencing it, backupEntryNames: shoot--dev--a/e1,shoot--dev--b/e2")),
                request(
                        "deleting an unused bucket",
                        CORE,
                        "BackupBucket",
                        "backupbuckets",
                        Operation.DELETE,
                        null,
                        "metadata: {name: empty}",
                        ADMIN,
                        Outcome.ALLOWED),
                request(
                        "deleting all buckets while entries use one",
                        CORE,
                        "BackupBucket",
                        "backupbuckets",
                        Operation.DELETE,
                        null,
                        null,
                        ADMIN,
                        forbidden(
                                bb,
                                "bucket",
                                "cannot delete BackupBucket because BackupEntries are still "
                                        + "referencing it, backupEntryNames: shoot--dev--a/e1,shoot--dev--b/e2")),
                create(
                        "an entry of a missing bucket",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: nope, seedName: seed-a}",
                        forbidden(
                                "backupentries.core.gardener.cloud",
                                "e",
                                "backupbucket.core.gardener.cloud \"nope\" not found")),
                create(
                        "a registration of a missing deployment",
                        "ControllerRegistration",
                        "controllerregistrations",
                        "metadata: {name: r}\nspec: {deployment: {deploymentRefs: [{name: provider-aws}, {name: nope}]}}",
                        forbidden(
                                "controllerregistrations.core.gardener.cloud",
                                "r",
                                "1 error occurred:\n\t* controllerdeployments.core.gardener.cloud \"nope\" not found\n\n")),
                request(
                        "a gardenlet where a managed seed of the name exists",
                        SEEDMANAGEMENT,
                        "Gardenlet",
                        "gardenlets",
                        Operation.CREATE,
                        "metadata: {name: managed, namespace: garden}",
                        null,
                        ADMIN,
                        Outcome.rejected(
                                500,
                                "cannot create Gardenlet garden/managed since there is already a ManagedSeed object with the same name")),
                request(
                        "a managed seed where a gardenlet of the name exists",
                        SEEDMANAGEMENT,
                        "ManagedSeed",
                        "managedseeds",
                        Operation.CREATE,
                        "metadata: {name: taken, namespace: garden}",
                        null,
                        ADMIN,
                        Outcome.rejected(
                                500,
                                "cannot create ManagedSeed garden/taken since there is already a Gardenlet object with the same name")),
                request(
                        "a managed seed of a free name",
                        SEEDMANAGEMENT,
                        "ManagedSeed",
                        "managedseeds",
                        Operation.CREATE,
                        "metadata: {name: free, namespace: garden}",
                        null,
                        ADMIN,
                        Outcome.ALLOWED));
    }

    static Stream<Arguments> cloudProfiles() {
        String cp = """
                metadata: {name: aws}
                spec:
                  type: aws
                  kubernetes: {versions: [%s]}
                  machineImages: [%s]
                  machineCapabilities: [{name: architecture, values: [amd64, arm64]}, {name: network, values: [%s]}]
                  %s
                """;
        String old = cp.formatted(
                "{version: 1.31.1}, {version: 1.30.0}",
                "{name: gardenlinux, versions: [{version: 1.0.0}," + " {version: 2.0.0}]}",
                "public, private",
                "");
        String cps = "cloudprofiles.core.gardener.cloud";
        return Stream.of(
                request(
                        "removing an unused Kubernetes version",
                        CORE,
                        "CloudProfile",
                        "cloudprofiles",
                        Operation.UPDATE,
                        cp.formatted(
                                "{version: 1.30.0}",
                                "{name: gardenlinux, versions: [{version: 1.0.0}, {version: 2.0.0}]}",
                                "public, private",
                                ""),
                        old,
                        ADMIN,
                        Outcome.ALLOWED),
                request(
                        "removing Kubernetes and image versions shoots and namespaced profiles use",
                        CORE,
                        "CloudProfile",
                        "cloudprofiles",
                        Operation.UPDATE,
                        cp.formatted(
                                "{version: 1.31.1}",
                                "{name: gardenlinux, versions: [{version: 2.0.0}]}",
                                "public, private",
                                ""),
                        old,
                        ADMIN,
                        forbidden(
                                cps,
                                "aws",
                                "4 errors occurred:\n"
                                        + "\t* unable to delete Kubernetes version \"1.30.0\" from CloudProfile \"aws\" - version is still in use by"
                                        + " NamespacedCloudProfile 'garden-dev/custom'\n"
                                        + "\t* unable to delete Kubernetes version \"1.30.0\" from CloudProfile \"aws\" - version is still in use by"
                                        + " shoot 'garden-dev/uses-1-30'\n"
                                        + "\t* unable to delete Machine image version 'gardenlinux/1.0.0' from CloudProfile \"aws\" - version is"
                                        + " still in use by shoot 'garden-dev/uses-1-30' by worker \"w\"\n"
                                        + "\t* unable to delete Kubernetes version \"1.30.0\" from CloudProfile \"aws\" - version is still in use by"
                                        + " shoot 'garden-dev/via-custom'\n\n")),
                request(
                        "adding an image a namespaced profile defines and removing a capability value it uses",
                        CORE,
                        "CloudProfile",
                        "cloudprofiles",
                        Operation.UPDATE,
                        cp.formatted(
                                "{version: 1.31.1}, {version: 1.30.0}",
                                "{name: gardenlinux, versions: [{version: 1.0.0}, {version: 2.0.0}]}, {name: custom-os, versions:"
                                        + " [{version: 1.0.0}]}",
                                "public",
                                ""),
                        old,
                        ADMIN,
                        forbidden(
                                cps,
                                "aws",
                                "2 errors occurred:\n"
                                        + "\t* unable to add MachineImage \"custom-os\" to CloudProfile \"aws\" - MachineImage is already defined"
                                        + " by NamespacedCloudProfile \"garden-dev/custom\"\n"
                                        + "\t* unable to delete MachineCapability \"network\" with values [private] from CloudProfile \"aws\" -"
                                        + " capability values are still in use by NamespacedCloudProfile 'garden-dev/custom'\n\n")),
                request(
                        "limits a shoot exceeds",
                        CORE,
                        "CloudProfile",
                        "cloudprofiles",
                        Operation.UPDATE,
                        cp.formatted(
                                "{version: 1.31.1}, {version: 1.30.0}",
                                "{name: gardenlinux, versions: [{version: 1.0.0}," + " {version: 2.0.0}]}",
                                "public, private",
                                "limits: {maxNodesTotal: 2}"),
                        old,
                        ADMIN,
                        forbidden(
                                cps,
                                "aws",
                                "1 error occurred:\n\t* the total minimum node count of all worker pools of shoot"
                                        + " \"garden-dev/uses-1-30\" must not exceed the limit of 2 total nodes configured in the cloud profile\n\n")),
                request(
                        "a namespaced profile dropping an override a shoot needs (parent version expired)",
                        CORE,
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        Operation.UPDATE,
                        "metadata: {name: custom, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: aws},"
                                + " machineImages: [{name: custom-os, versions: []}]}",
                        "metadata: {name: custom, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: aws},"
                                + " machineImages: [{name: custom-os, versions: [{version: 3.0.0}]}]}",
                        ADMIN,
                        forbidden(
                                "namespacedcloudprofiles.core.gardener.cloud",
                                "custom",
                                "1 error occurred:\n\t* unable to"
                                        + " delete Machine image version 'custom-os/3.0.0' from NamespacedCloudProfile 'garden-dev/custom' -"
                                        + " version is still in use by shoot 'garden-dev/via-custom' by worker \"w\"\n\n")),
                request(
                        "a namespaced profile dropping a Kubernetes override whose parent version is still supported",
                        CORE,
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        Operation.UPDATE,
                        "metadata: {name: custom, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: aws}}",
                        "metadata: {name: custom, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: aws},"
                                + " kubernetes: {versions: [{version: 1.30.0, expirationDate: '2099-01-01T00:00:00Z'}]}}",
                        ADMIN,
                        Outcome.ALLOWED));
    }

    /**
     * Each reference the plugin reads, empty or naming an object of another kind. A lister's Get of an empty name
     * finds nothing; client-go's typed clients refuse it ("resource name may not be empty"), its dynamic client too
     * ("name is required") and its discovery an empty group version ("groupVersion shouldn't be empty").
     */
    static Stream<Arguments> emptyAndWrongKindReferences() {
        String prefix = "could not find cloudProfileSpec from the shoot cloudProfile reference: ";
        String bb = "backupbuckets.core.gardener.cloud";
        String be = "backupentries.core.gardener.cloud";
        String binding =
                "metadata: {name: creds, namespace: garden-dev}\nprovider: {type: aws}\nsecretRef: {name: creds, namespace: garden-dev}";
        String cbs = "credentialsbindings.security.gardener.cloud";
        String credentialsBinding =
                "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: gcp}\ncredentialsRef: "
                        + "{apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity, name: wi, namespace: garden-dev}";
        String profile =
                "metadata: {name: orphan, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: nope}%s}";
        return Stream.of(
                create(
                        "a shoot of an empty cloud profile name",
                        "Shoot",
                        "shoots",
                        SHOOT.replace("cloudProfileName: aws", "cloudProfile: {kind: CloudProfile, name: ''}") + "}",
                        shootForbidden(prefix + "cloudprofile.core.gardener.cloud \"\" not found")),
                create(
                        "a shoot of a cloud profile of an unsupported kind",
                        "Shoot",
                        "shoots",
                        SHOOT.replace("cloudProfileName: aws", "cloudProfile: {kind: Secret, name: aws}") + "}",
                        shootForbidden(prefix + "could not find referenced cloud profile with kind \"Secret\"")),
                create(
                        "a shoot naming a CloudProfile as its NamespacedCloudProfile",
                        "Shoot",
                        "shoots",
                        SHOOT.replace(
                                        "cloudProfileName: aws",
                                        "cloudProfile: {kind: NamespacedCloudProfile, name: aws}")
                                + "}",
                        shootForbidden(prefix + "namespacedcloudprofile.core.gardener.cloud \"aws\" not found")),
                shoot(
                        "a shoot on an empty seed name",
                        "seedName: ''",
                        shootForbidden("seed.core.gardener.cloud \"\" not found")),
                shoot(
                        "a shoot on an ExposureClass as seed",
                        "seedName: internet",
                        shootForbidden("seed.core.gardener.cloud \"internet\" not found")),
                shoot(
                        "a shoot with an empty secret binding name",
                        "secretBindingName: ''",
                        shootForbidden("secretbinding.core.gardener.cloud \"\" not found")),
                shoot(
                        "a shoot naming a CredentialsBinding as its SecretBinding",
                        "secretBindingName: cb",
                        shootForbidden("secretbinding.core.gardener.cloud \"cb\" not found")),
                shoot(
                        "a shoot with an empty credentials binding name",
                        "credentialsBindingName: ''",
                        shootForbidden("credentialsbinding.security.gardener.cloud \"\" not found")),
                shoot(
                        "a shoot naming a SecretBinding as its CredentialsBinding",
                        "credentialsBindingName: creds",
                        shootForbidden("credentialsbinding.security.gardener.cloud \"creds\" not found")),
                shoot(
                        "a shoot with an empty exposure class name",
                        "exposureClassName: ''",
                        shootForbidden("exposureclass.core.gardener.cloud \"\" not found")),
                shoot(
                        "a shoot naming a Seed as its exposure class",
                        "exposureClassName: seed-a",
                        shootForbidden("exposureclass.core.gardener.cloud \"seed-a\" not found")),
                shoot(
                        "a shoot with DNS credentials of an empty name",
                        "dns: {providers: [{credentialsRef: {apiVersion: v1," + " kind: Secret, name: ''}}]}",
                        shootForbidden(
                                "failed to resolve credentials reference of type Secret: resource name may not be empty")),
                shoot(
                        "a shoot with a missing DNS WorkloadIdentity",
                        "dns: {providers: [{credentialsRef: {apiVersion:"
                                + " security.gardener.cloud/v1alpha1, kind: WorkloadIdentity, name: nope}}]}",
                        shootForbidden("failed to resolve credentials reference of type WorkloadIdentity: "
                                + "workloadidentities.security.gardener.cloud \"nope\" not found")),
                shoot(
                        "a shoot naming a Secret as its DNS WorkloadIdentity",
                        "dns: {providers: [{credentialsRef: {apiVersion:"
                                + " security.gardener.cloud/v1alpha1, kind: WorkloadIdentity, name: dns}}]}",
                        shootForbidden("failed to resolve credentials reference of type WorkloadIdentity: "
                                + "workloadidentities.security.gardener.cloud \"dns\" not found")),
                // neither a Secret nor a WorkloadIdentity: Gardener's switch looks nothing up
                shoot(
                        "a shoot with DNS credentials of an unsupported kind",
                        "dns: {providers: [{credentialsRef: {apiVersion: v1," + " kind: ConfigMap, name: nope}}]}",
                        Outcome.ALLOWED),
                shoot(
                        "a shoot resource of an empty name",
                        "resources: [{name: r, resourceRef: {apiVersion: v1, kind: ConfigMap," + " name: ''}}]",
                        shootForbidden("failed to resolve resource reference \"r\": name is required")),
                shoot(
                        "a shoot resource of an empty apiVersion",
                        "resources: [{name: r, resourceRef: {apiVersion: ''," + " kind: ConfigMap, name: authn}}]",
                        shootForbidden("groupVersion shouldn't be empty")),
                shoot(
                        "a shoot resource naming a ConfigMap as Secret",
                        "resources: [{name: r, resourceRef: {apiVersion: v1," + " kind: Secret, name: authn}}]",
                        shootForbidden("failed to resolve resource reference \"r\": secrets \"authn\" not found")),
                shoot(
                        "a shoot with an admission plugin kubeconfig of an empty name",
                        "kubernetes: {kubeAPIServer:"
                                + " {admissionPlugins: [{name: ImagePolicyWebhook, kubeconfigSecretName: ''}]}}",
                        shootForbidden("failed to resolve admission plugin kubeconfig secret reference for "
                                + "\"ImagePolicyWebhook\": resource name may not be empty")),
                shoot(
                        "a shoot with a structured authentication config map of an empty name",
                        "kubernetes: {kubeAPIServer:" + " {structuredAuthentication: {configMapName: ''}}}",
                        shootForbidden(
                                "failed to resolve structured authentication config map reference: resource name may "
                                        + "not be empty")),
                shoot(
                        "a shoot naming a Secret as its structured authorization config map",
                        "kubernetes: {kubeAPIServer:" + " {structuredAuthorization: {configMapName: dns}}}",
                        shootForbidden(
                                "failed to resolve structured authorization config map reference: configmaps \"dns\" "
                                        + "not found")),
                create(
                        "an entry of an empty bucket name",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: '', seedName: seed-a}",
                        forbidden(be, "e", "backupbucket.core.gardener.cloud \"\" not found")),
                create(
                        "an entry naming a Seed as its bucket",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: seed-a, seedName: seed-a}",
                        forbidden(be, "e", "backupbucket.core.gardener.cloud \"seed-a\" not found")),
                create(
                        "an entry on an empty seed name",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: ns}\nspec: {bucketName: bucket, seedName: ''}",
                        forbidden(be, "e", "seed.core.gardener.cloud \"\" not found")),
                create(
                        "a bucket with credentials of an unsupported kind",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {credentialsRef: {apiVersion: v1, kind: ConfigMap, name: authn,"
                                + " namespace: garden-dev}}",
                        forbidden(
                                bb,
                                "b",
                                "unknown credentials ref: BackupBucket is "
                                        + "referencing neither a Secret nor a WorkloadIdentity")),
                create(
                        "a bucket with a Secret of an empty name",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {credentialsRef: {apiVersion: v1, kind: Secret, name: '', namespace:"
                                + " garden-dev}}",
                        forbidden(bb, "b", "resource name may not be empty")),
                create(
                        "a bucket naming a Secret as its WorkloadIdentity",
                        "BackupBucket",
                        "backupbuckets",
                        "metadata: {name: b}\nspec: {credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                + " kind: WorkloadIdentity, name: creds, namespace: garden-dev}}",
                        forbidden(bb, "b", "workloadidentities.security.gardener.cloud \"creds\" not found")),
                create(
                        "a secret binding of a secret with an empty name",
                        "SecretBinding",
                        "secretbindings",
                        binding.replace("secretRef: {name: creds,", "secretRef: {name: '',"),
                        forbidden("secretbindings.core.gardener.cloud", "creds", "resource name may not be empty")),
                create(
                        "a secret binding with a quota of an empty name",
                        "SecretBinding",
                        "secretbindings",
                        binding + "\nquotas: [{name: '', namespace: garden-dev}]",
                        forbidden(
                                "secretbindings.core.gardener.cloud",
                                "creds",
                                "quota.core.gardener.cloud \"\" not found")),
                request(
                        "a credentials binding naming a Secret as its WorkloadIdentity",
                        SECURITY,
                        "CredentialsBinding",
                        "credentialsbindings",
                        Operation.CREATE,
                        credentialsBinding.replace("name: wi,", "name: creds,"),
                        null,
                        ADMIN,
                        forbidden(cbs, "cb", "workloadidentities.security.gardener.cloud \"creds\" not found")),
                request(
                        "a credentials binding of a Secret with an empty name",
                        SECURITY,
                        "CredentialsBinding",
                        "credentialsbindings",
                        Operation.CREATE,
                        "metadata: {name: cb, namespace: garden-dev}\nprovider: "
                                + "{type: aws}\ncredentialsRef: {apiVersion: v1, kind: Secret, name: '', namespace: garden-dev}",
                        null,
                        ADMIN,
                        forbidden(cbs, "cb", "resource name may not be empty")),
                create(
                        "a registration of a deployment with an empty name",
                        "ControllerRegistration",
                        "controllerregistrations",
                        "metadata: {name: r}\nspec: {deployment: {deploymentRefs: [{name: ''}]}}",
                        forbidden(
                                "controllerregistrations.core.gardener.cloud",
                                "r",
                                "1 error occurred:\n\t* resource name may not be empty\n\n")),
                request(
                        "a namespaced profile of a missing parent dropping a version",
                        CORE,
                        "NamespacedCloudProfile",
                        "namespacedcloudprofiles",
                        Operation.UPDATE,
                        profile.formatted(""),
                        profile.formatted(", kubernetes: {versions: [{version: 1.30.0}]}"),
                        ADMIN,
                        Outcome.rejected(
                                500,
                                "Internal error occurred: could not get parent CloudProfile: cloudprofile.core.gardener.cloud"
                                        + " \"nope\" not found")));
    }

    /** Bodies without the optional sections, as users send them: absent specs, lists and references. */
    static Stream<Arguments> optionalSectionsLeftOut() {
        return Stream.of(
                create(
                        "secret binding without a provider, used by a shoot",
                        "SecretBinding",
                        "secretbindings",
                        "metadata: {name: creds, namespace: garden-dev}\nsecretRef: {name: creds, namespace: garden-dev}",
                        forbidden(
                                "secretbindings.core.gardener.cloud",
                                "creds",
                                "SecretBinding is referenced by shoot \"uses-1-30\", but provider types ([]) do not "
                                        + "match with the shoot provider type \"aws\"")),
                request(
                        "credentials binding without a credentials reference",
                        SECURITY,
                        "CredentialsBinding",
                        "credentialsbindings",
                        Operation.CREATE,
                        "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: aws}",
                        null,
                        ADMIN,
                        forbidden(
                                "credentialsbindings.security.gardener.cloud",
                                "cb",
                                "unknown credentials ref: CredentialsBinding is referencing neither a Secret nor an "
                                        + "InternalSecret nor a WorkloadIdentity")),
                create(
                        "a shoot without provider and kubernetes sections",
                        "Shoot",
                        "shoots",
                        "metadata: {name: s, namespace: garden-dev}\nspec: {cloudProfileName: aws}",
                        Outcome.ALLOWED),
                shoot(
                        "a shoot with an empty kube-apiserver section",
                        "kubernetes: {kubeAPIServer: {}}",
                        Outcome.ALLOWED),
                shoot("a shoot with DNS but no providers", "dns: {domain: a.example.com}", Outcome.ALLOWED),
                create("a seed without a spec", "Seed", "seeds", "metadata: {name: seed-b}", Outcome.ALLOWED),
                create("a project without a spec", "Project", "projects", "metadata: {name: p}", Outcome.ALLOWED),
                create(
                        "a backup entry without a spec",
                        "BackupEntry",
                        "backupentries",
                        "metadata: {name: e, namespace: garden-dev}",
                        Outcome.ALLOWED),
                create(
                        "a controller registration without a deployment",
                        "ControllerRegistration",
                        "controllerregistrations",
                        "metadata: {name: r}\nspec: {resources: [{kind: Extension, type: x}]}",
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({
        "bindings",
        "shoots",
        "others",
        "cloudProfiles",
        "emptyAndWrongKindReferences",
        "optionalSectionsLeftOut"
    })
    void validates(
            String name,
            String group,
            String kind,
            String resource,
            Operation op,
            String object,
            String old,
            UserInfo user,
            Outcome expected) {
        Attributes a = Requests.of(
                new GroupVersionKind(group, "v1beta1", kind),
                new GroupResource(group, resource),
                "",
                op,
                object == null ? null : Requests.object(object),
                old == null ? null : Requests.object(old),
                user);
        expected.check(plugin.validate(a));
    }

    /**
     * A machine image flavor is the bare capabilities map on the wire ({@code capabilityFlavors: [{network:
     * [private]}]}): a value a namespaced profile's image flavor uses cannot be removed from its parent.
     */
    @Test
    void capabilityValuesUsedByANamespacedProfilesImageFlavorStay() {
        String profile = """
                metadata: {name: aws}
                spec:
                  type: aws
                  machineImages: [{name: gardenlinux, versions: [{version: 1.0.0}]}]
                  machineCapabilities: [{name: architecture, values: [amd64]}, {name: network, values: [%s]}]
                """;
        InMemoryObjects objects = new InMemoryObjects()
                .put(core("cloudprofiles"), profile.formatted("public, private"))
                .put(core("namespacedcloudprofiles"), """
                        metadata: {name: custom, namespace: garden-dev}
                        spec:
                          parent: {kind: CloudProfile, name: aws}
                          machineImages:
                          - name: custom-os
                            versions: [{version: 3.0.0, capabilityFlavors: [{architecture: [amd64], network: [private]}]}]
                        """);
        ResourceReferenceManager manager = new ResourceReferenceManager(
                new PluginContext(objects, PrivilegedGroupsAuthorizer.defaults(), null, Clock.systemUTC()));
        Outcome.forbidden(
                        "cloudprofiles.core.gardener.cloud",
                        "aws",
                        "1 error occurred:\n\t* unable to delete MachineCapability \"network\" with values [private] "
                                + "from CloudProfile \"aws\" - capability values are still in use by NamespacedCloudProfile "
                                + "'garden-dev/custom'\n\n")
                .check(manager.validate(Requests.of(
                        new GroupVersionKind(CORE, "v1beta1", "CloudProfile"),
                        core("cloudprofiles"),
                        "",
                        Operation.UPDATE,
                        Requests.object(profile.formatted("public")),
                        Requests.object(profile.formatted("public, private")),
                        ADMIN)));
    }

    /** A CloudProfile update that leaves out the machine images: every version of them goes. */
    @Test
    void machineImagesLeftOutAreRemoved() {
        String profile = """
                metadata: {name: aws}
                spec:
                  type: aws
                  kubernetes: {versions: [{version: 1.31.1}, {version: 1.30.0}]}
                  machineCapabilities: [{name: architecture, values: [amd64, arm64]}, {name: network, values: [public, private]}]
                """;
        Outcome.forbidden(
                        "cloudprofiles.core.gardener.cloud",
                        "aws",
                        "1 error occurred:\n\t* unable to delete Machine image version 'gardenlinux/1.0.0' from CloudProfile "
                                + "\"aws\" - version is still in use by shoot 'garden-dev/uses-1-30' by worker \"w\"\n\n")
                .check(plugin.validate(Requests.of(
                        new GroupVersionKind(CORE, "v1beta1", "CloudProfile"),
                        core("cloudprofiles"),
                        "",
                        Operation.UPDATE,
                        Requests.object(profile),
                        Requests.object(
                                profile
                                        + "  machineImages: [{name: gardenlinux, versions: [{version: 1.0.0}, {version: 2.0.0}]}]\n"),
                        ADMIN)));
    }

    /** A Shoot created a moment ago keeps its Kubernetes version, though the cache has yet to see it. */
    @Test
    void aVersionOfAShootTheCacheHasNotSeenYetStays() {
        InMemoryObjects lagging = new InMemoryObjects()
                .put(core("shoots"), """
                        metadata: {name: fresh, namespace: garden-dev}
                        spec: {cloudProfileName: aws, kubernetes: {version: 1.30.0}, provider: {type: aws}}
                        """)
                .staleInCache(core("shoots"), "metadata: {name: fresh, namespace: garden-dev}\nspec: {}");
        ResourceReferenceManager checking = new ResourceReferenceManager(
                new PluginContext(lagging, PrivilegedGroupsAuthorizer.defaults(), null, Clock.systemUTC()));
        String profile = "metadata: {name: aws}\nspec:\n  type: aws\n  kubernetes: {versions: [%s]}\n";
        Outcome.forbidden(
                        "cloudprofiles.core.gardener.cloud",
                        "aws",
                        "1 error occurred:\n\t* unable to delete Kubernetes version \"1.30.0\" from CloudProfile \"aws\" - "
                                + "version is still in use by shoot 'garden-dev/fresh'\n\n")
                .check(checking.validate(Requests.of(
                        new GroupVersionKind(CORE, "v1beta1", "CloudProfile"),
                        core("cloudprofiles"),
                        "",
                        Operation.UPDATE,
                        Requests.object(profile.formatted("{version: 1.31.1}")),
                        Requests.object(profile.formatted("{version: 1.31.1}, {version: 1.30.0}")),
                        ADMIN)));
    }

    @Test
    void aCopyOfTheCredentialsIsDryRunCreatedPerProviderTypeAndItsRefusalForbidsTheBinding() {
        garden.put(new GroupResource("", "secrets"), """
                apiVersion: v1
                kind: Secret
                metadata: {name: creds, namespace: garden-dev, labels: {team: a}}
                type: Opaque
                data: {key: c2VjcmV0}
                """);
        List<ObjectNode> sent = new ArrayList<>();
        DryRunClient refusesGcp = (resource, namespace, object) -> {
            sent.add(object);
            return object.at("/metadata/labels").has("provider.shoot.gardener.cloud/gcp")
                    ? Future.failedFuture(new ApiException(Status.failure(
                            400,
                            "BadRequest",
                            "admission webhook \"gcp.example.com\" denied the request: no service account",
                            null)))
                    : Future.succeededFuture();
        };
        ResourceReferenceManager checking = new ResourceReferenceManager(new PluginContext(
                garden, PrivilegedGroupsAuthorizer.defaults(), null, Clock.systemUTC(), null, refusesGcp));
        String binding =
                "metadata: {name: creds, namespace: garden-dev}\nsecretRef: {name: creds, namespace: garden-dev}"
                        + "\nprovider: {type: ";
        Attributes aws = Requests.of(
                new GroupVersionKind(CORE, "v1beta1", "SecretBinding"),
                core("secretbindings"),
                "",
                Operation.CREATE,
                Requests.object(binding + "aws}"),
                null,
                ADMIN);
        Outcome.ALLOWED.check(checking.validate(aws));
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0).at("/metadata/generateName").asText()).isEqualTo("creds");
        assertThat(sent.get(0).at("/metadata/labels")).hasSize(2);
        assertThat(sent.get(0)
                        .at("/metadata/labels/provider.shoot.gardener.cloud~1aws")
                        .asText())
                .isEqualTo("true");
        assertThat(sent.get(0).at("/data/key").asText()).isEqualTo("c2VjcmV0");
        assertThat(sent.get(0).path("type").asText()).isEqualTo("Opaque");

        Attributes awsAndGcp = Requests.of(
                aws.kind(), aws.resource(), "", Operation.CREATE, Requests.object(binding + "'aws,gcp'}"), null, ADMIN);
        forbidden(
                        "secretbindings.core.gardener.cloud",
                        "creds",
                        "gcp provider secret sanity check failed: admission "
                                + "webhook \"gcp.example.com\" denied the request: no service account")
                .check(checking.validate(awsAndGcp));
    }
}
