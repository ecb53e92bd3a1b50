package cloud.gardener.apiserver.api.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ResourceRegistryTest {

    private final ResourceRegistry registry = ResourceRegistry.standard(true);

    static Stream<Arguments> table() {
        // group/version, plural, kind, namespaced, short names, categories, subresources (table 1.1)
        String core = "core.gardener.cloud";
        return Stream.of(
                Arguments.of(
                        core,
                        "backupbuckets",
                        "BackupBucket",
                        false,
                        List.of("bbc"),
                        List.of("all"),
                        List.of("status")),
                Arguments.of(
                        core, "backupentries", "BackupEntry", true, List.of("bec"), List.of("all"), List.of("status")),
                Arguments.of(
                        core,
                        "cloudprofiles",
                        "CloudProfile",
                        false,
                        List.of("cprofile", "cpfl"),
                        List.of(),
                        List.of("status")),
                Arguments.of(
                        core,
                        "namespacedcloudprofiles",
                        "NamespacedCloudProfile",
                        true,
                        List.of("nsprofile", "nscpfl"),
                        List.of(),
                        List.of("status")),
                Arguments.of(
                        core,
                        "controllerdeployments",
                        "ControllerDeployment",
                        false,
                        List.of("ctrldeploy"),
                        List.of("all"),
                        List.of()),
                Arguments.of(
                        core,
                        "controllerregistrations",
                        "ControllerRegistration",
                        false,
                        List.of("ctrlreg"),
                        List.of("all"),
                        List.of()),
                Arguments.of(
                        core,
                        "controllerinstallations",
                        "ControllerInstallation",
                        false,
                        List.of("ctrlinst"),
                        List.of("all"),
                        List.of("status")),
                Arguments.of(
                        core,
                        "exposureclasses",
                        "ExposureClass",
                        false,
                        List.of("expclass", "expcls"),
                        List.of(),
                        List.of()),
                Arguments.of(core, "internalsecrets", "InternalSecret", true, List.of("ins"), List.of(), List.of()),
                Arguments.of(core, "projects", "Project", false, List.of(), List.of(), List.of("status")),
                Arguments.of(core, "quotas", "Quota", true, List.of("squota"), List.of(), List.of()),
                Arguments.of(core, "secretbindings", "SecretBinding", true, List.of("sb"), List.of(), List.of()),
                Arguments.of(core, "seeds", "Seed", false, List.of(), List.of(), List.of("status")),
                Arguments.of(core, "shootstates", "ShootState", true, List.of(), List.of("all"), List.of()),
                Arguments.of(
                        core,
                        "shoots",
                        "Shoot",
                        true,
                        List.of(),
                        List.of("all"),
                        List.of("status", "binding", "adminkubeconfig", "viewerkubeconfig")),
                Arguments.of(
                        "seedmanagement.gardener.cloud",
                        "gardenlets",
                        "Gardenlet",
                        true,
                        List.of("gl", "glet"),
                        List.of(),
                        List.of("status")),
                Arguments.of(
                        "seedmanagement.gardener.cloud",
                        "managedseeds",
                        "ManagedSeed",
                        true,
                        List.of("ms"),
                        List.of(),
                        List.of("status")),
                Arguments.of(
                        "seedmanagement.gardener.cloud",
                        "managedseedsets",
                        "ManagedSeedSet",
                        true,
                        List.of("mss"),
                        List.of(),
                        List.of("status", "scale")),
                Arguments.of(
                        "operations.gardener.cloud",
                        "bastions",
                        "Bastion",
                        true,
                        List.of(),
                        List.of("all"),
                        List.of("status")),
                Arguments.of(
                        "security.gardener.cloud",
                        "credentialsbindings",
                        "CredentialsBinding",
                        true,
                        List.of("cb"),
                        List.of(),
                        List.of()),
                Arguments.of(
                        "security.gardener.cloud",
                        "workloadidentities",
                        "WorkloadIdentity",
                        true,
                        List.of("wi"),
                        List.of(),
                        List.of("token")),
                Arguments.of(
                        "operator.gardener.cloud", "gardens", "Garden", false, List.of(), List.of(), List.of("status")),
                Arguments.of(
                        "operator.gardener.cloud",
                        "extensions",
                        "Extension",
                        false,
                        List.of("extop"),
                        List.of(),
                        List.of("status")));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("table")
    void servesEveryResourceOfTheTable(
            String group,
            String plural,
            String kind,
            boolean namespaced,
            List<String> shortNames,
            List<String> categories,
            List<String> subresources) {
        String version = group.equals("core.gardener.cloud") ? "v1beta1" : "v1alpha1";
        ResourceType rt = registry.find(group, version, plural).orElseThrow();
        assertThat(rt.kind()).isEqualTo(kind);
        assertThat(rt.singular()).isEqualTo(kind.toLowerCase(Locale.ROOT));
        assertThat(rt.namespaced()).isEqualTo(namespaced);
        assertThat(rt.shortNames()).containsExactlyElementsOf(shortNames);
        assertThat(rt.categories()).containsExactlyElementsOf(categories);
        assertThat(rt.subresources()).extracting(Subresource::name).containsExactlyElementsOf(subresources);
        assertThat(rt.verbs()).isEqualTo(ResourceType.VERBS);
        assertThat(registry.find(rt.gvk(version))).contains(rt);
    }

    @Test
    void countsTwentyOneGardenerResourcesPlusTheOperatorsTwoAndTheKubernetesSubset() {
        assertThat(StandardResources.gardener()).hasSize(23);
        // standalone: namespaces, secrets, configmaps, events (core and events.k8s.io) and the five reviews
        assertThat(registry.resources()).hasSize(33);
        assertThat(ResourceRegistry.standard(false).resources()).hasSize(23);
    }

    @Test
    void controllerDeploymentsAreServedInBothCoreVersionsAndStoredAsV1() {
        ResourceType beta = registry.find("core.gardener.cloud", "v1beta1", "controllerdeployments")
                .orElseThrow();
        ResourceType v1 = registry.find("core.gardener.cloud", "v1", "controllerdeployments")
                .orElseThrow();
        assertThat(v1).isSameAs(beta);
        assertThat(v1.storageVersion()).isEqualTo("v1");
        assertThat(registry.resources("core.gardener.cloud", "v1")).containsExactly(v1);
        assertThat(registry.find(new GroupVersionKind("core.gardener.cloud", "v1", "ControllerDeployment")))
                .contains(v1);
        assertThat(registry.find("core.gardener.cloud", "v1", "shoots")).isEmpty();
    }

    @Test
    void groupsAndPreferredVersions() {
        // kube-apiserver's groups first, in its order, as a garden's discovery lists them
        assertThat(registry.groups())
                .extracting(ApiGroup::name)
                .containsExactly(
                        "",
                        "events.k8s.io",
                        "authentication.k8s.io",
                        "authorization.k8s.io",
                        "core.gardener.cloud",
                        "operations.gardener.cloud",
                        "operator.gardener.cloud",
                        "seedmanagement.gardener.cloud",
                        "security.gardener.cloud");
        assertThat(registry.namedGroups()).extracting(ApiGroup::name).first().isEqualTo("events.k8s.io");
        assertThat(ResourceRegistry.standard(false).namedGroups())
                .extracting(ApiGroup::name)
                .first()
                .isEqualTo("core.gardener.cloud");
        assertThat(registry.preferredVersion("core.gardener.cloud")).contains("v1beta1");
        assertThat(registry.preferredVersion("seedmanagement.gardener.cloud")).contains("v1alpha1");
        assertThat(registry.preferredVersion("settings.gardener.cloud")).isEmpty();
        assertThat(registry.groupVersions())
                .extracting(GroupVersion::toString)
                .containsExactly(
                        "v1",
                        "events.k8s.io/v1",
                        "authentication.k8s.io/v1",
                        "authentication.k8s.io/v1beta1",
                        "authorization.k8s.io/v1",
                        "core.gardener.cloud/v1beta1",
                        "core.gardener.cloud/v1",
                        "operations.gardener.cloud/v1alpha1",
                        "operator.gardener.cloud/v1alpha1",
                        "seedmanagement.gardener.cloud/v1alpha1",
                        "security.gardener.cloud/v1alpha1");
        assertThat(ResourceRegistry.standard(false).servesLegacyCore()).isFalse();
        assertThat(registry.servesLegacyCore()).isTrue();
    }

    @Test
    void coreV1Subset() {
        ResourceType ns = registry.find("", "v1", "namespaces").orElseThrow();
        assertThat(ns.namespaced()).isFalse();
        assertThat(ns.shortNames()).containsExactly("ns");
        assertThat(ns.subresources()).extracting(Subresource::name).containsExactly("status", "finalize");
        assertThat(ns.subresource("finalize").orElseThrow().verbs()).containsExactly("update");
        assertThat(ns.verbs()).doesNotContain("deletecollection");
        assertThat(ns.fieldSelectors()).containsOnlyKeys("status.phase");
        ResourceType secrets = registry.find("", "v1", "secrets").orElseThrow();
        assertThat(secrets.namespaced()).isTrue();
        assertThat(secrets.fieldSelectors()).containsOnlyKeys("type");
        assertThat(registry.find("", "v1", "configmaps").orElseThrow().shortNames())
                .containsExactly("cm");
        assertThat(ResourceRegistry.standard(false).find("", "v1", "namespaces"))
                .isEmpty();
    }

    @Test
    void subresourceResponseKinds() {
        ResourceType shoots =
                registry.findGroupResource("core.gardener.cloud", "shoots").orElseThrow();
        assertThat(shoots.responseKind(shoots.subresource("binding").orElseThrow(), "v1beta1"))
                .isEqualTo(new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot"));
        Subresource admin = shoots.subresource("adminkubeconfig").orElseThrow();
        assertThat(admin.verbs()).containsExactly("create");
        assertThat(admin.responseKind())
                .isEqualTo(new GroupVersionKind("authentication.gardener.cloud", "v1alpha1", "AdminKubeconfigRequest"));
        assertThat(shoots.subresource("viewerkubeconfig")
                        .orElseThrow()
                        .responseKind()
                        .kind())
                .isEqualTo("ViewerKubeconfigRequest");
        Subresource scale = registry.findGroupResource("seedmanagement.gardener.cloud", "managedseedsets")
                .orElseThrow()
                .subresource("scale")
                .orElseThrow();
        assertThat(scale.responseKind()).isEqualTo(new GroupVersionKind("autoscaling", "v1", "Scale"));
        assertThat(scale.verbs()).containsExactly("get", "patch", "update");
        Subresource token = registry.findGroupResource("security.gardener.cloud", "workloadidentities")
                .orElseThrow()
                .subresource("token")
                .orElseThrow();
        assertThat(token.responseKind())
                .isEqualTo(new GroupVersionKind("security.gardener.cloud", "v1alpha1", "TokenRequest"));
        assertThat(token.verbs()).containsExactly("create");
    }

    @Test
    void fieldSelectorsFollowTheTable() {
        assertThat(registry.findGroupResource("core.gardener.cloud", "shoots")
                        .orElseThrow()
                        .fieldSelectors())
                .containsExactly(
                        Map.entry("spec.seedName", "spec.seedName"),
                        Map.entry("status.seedName", "status.seedName"),
                        Map.entry("spec.cloudProfileName", "spec.cloudProfileName"),
                        Map.entry("spec.cloudProfile.Name", "spec.cloudProfile.name"),
                        Map.entry("spec.cloudProfile.Kind", "spec.cloudProfile.kind"));
        assertThat(registry.findGroupResource("core.gardener.cloud", "controllerinstallations")
                        .orElseThrow()
                        .fieldSelectors())
                .containsOnlyKeys(
                        "spec.registrationRef.name",
                        "spec.seedRef.name",
                        "spec.shootRef.name",
                        "spec.shootRef.namespace");
        assertThat(registry.findGroupResource("core.gardener.cloud", "internalsecrets")
                        .orElseThrow()
                        .fieldSelectors())
                .containsOnlyKeys("type");
        assertThat(registry.findGroupResource("core.gardener.cloud", "projects")
                        .orElseThrow()
                        .fieldSelectors())
                .containsOnlyKeys("spec.namespace");
        assertThat(registry.findGroupResource("operations.gardener.cloud", "bastions")
                        .orElseThrow()
                        .fieldSelectors())
                .containsOnlyKeys("spec.seedName", "spec.shootRef.name");
        assertThat(registry.findGroupResource("seedmanagement.gardener.cloud", "managedseeds")
                        .orElseThrow()
                        .fieldSelectors())
                .containsOnlyKeys("spec.shoot.name");
        assertThat(registry.findGroupResource("core.gardener.cloud", "backupentries")
                        .orElseThrow()
                        .fieldSelectors())
                .containsOnlyKeys("spec.seedName", "spec.bucketName", "spec.shootRef.name", "spec.shootRef.namespace");
        assertThat(registry.findGroupResource("core.gardener.cloud", "seeds")
                        .orElseThrow()
                        .fieldSelectors())
                .isEmpty();
    }

    @Test
    void resourcesOfAGroupVersionAreSortedByPlural() {
        List<String> plurals = registry.resources("core.gardener.cloud", "v1beta1").stream()
                .map(ResourceType::plural)
                .toList();
        assertThat(plurals).isSorted().hasSize(15);
        assertThat(registry.resources("core.gardener.cloud", "v2")).isEmpty();
    }

    @Test
    void rejectsInconsistentContents() {
        ResourceType orphan = new ResourceType(
                "x.io", List.of("v1"), "v1", "X", "xs", "x", true, List.of(), List.of(), List.of(), Map.of());
        assertThatThrownBy(() -> ResourceRegistry.of(List.of(new ApiGroup("y.io", List.of("v1"))), List.of(orphan)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ResourceRegistry.of(List.of(new ApiGroup("x.io", List.of("v2"))), List.of(orphan)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        ResourceRegistry.of(List.of(new ApiGroup("x.io", List.of("v1"))), List.of(orphan, orphan)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
