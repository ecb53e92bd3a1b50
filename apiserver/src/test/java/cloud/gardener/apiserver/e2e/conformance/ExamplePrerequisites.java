package cloud.gardener.apiserver.e2e.conformance;

import java.util.List;
import java.util.Map;

/**
 * What an example refers to and admission wants to find before it lets the example in, as a user applies
 * Gardener's examples in order: the WorkloadIdentity of the CredentialsBinding, the ControllerDeployment of the
 * ControllerRegistration, a provider-local garden (CloudProfile, Project, credentials and the extensions
 * registered) for the provider-local shoots, shoots fit to be managed seeds, the extensions a Seed uses and a
 * scheduled shoot for the Bastion. Each entry is either an example
 * file or a manifest written here; the test creates them before the case and removes them after it, so that
 * the examples that define the same objects still find them absent.
 */
final class ExamplePrerequisites {

    /** The extension kinds and types the Seed and the provider-local shoots use, each with a primary controller. */
    static final String EXTENSIONS = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: ControllerRegistration
            metadata:
              name: conformance-provider-local
            spec:
              resources:
              - {kind: ControlPlane, type: local}
              - {kind: Infrastructure, type: local}
              - {kind: Worker, type: local}
              - {kind: BackupBucket, type: local}
              - {kind: BackupEntry, type: local}
              - {kind: DNSRecord, type: local}
              - {kind: DNSRecord, type: aws-route53}
              - {kind: Network, type: calico}
              - {kind: OperatingSystemConfig, type: local}
              - {kind: Extension, type: foobar, clusterCompatibility: [seed]}
            """;

    /** The CloudProfile the provider-local shoots and the NamespacedCloudProfile name. */
    static final String LOCAL_CLOUD_PROFILE = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: CloudProfile
            metadata:
              name: local
            spec:
              type: local
              kubernetes:
                versions:
                - version: 1.35.4
                - version: 1.34.6
                - version: 1.33.11
              machineImages:
              - name: local
                versions:
                - version: 1.0.0
                  cri:
                  - name: containerd
              - name: ubuntu
                versions:
                - version: 22.4.0
                  cri:
                  - name: containerd
              machineTypes:
              - {name: local, cpu: "1", gpu: "0", memory: 1Gi, usable: true}
              regions:
              - name: local
                zones:
                - name: "0"
                - name: "1"
                - name: "2"
            """;

    /** A project, a secret and the CredentialsBinding {@code local} in a namespace. */
    static String localCredentials(String project, String namespace) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Project
                metadata:
                  name: %1$s
                spec:
                  namespace: %2$s
                ---
                apiVersion: v1
                kind: Secret
                metadata:
                  name: local
                  namespace: %2$s
                type: Opaque
                data:
                  key: dmFsdWU=
                ---
                apiVersion: security.gardener.cloud/v1alpha1
                kind: CredentialsBinding
                metadata:
                  name: local
                  namespace: %2$s
                provider:
                  type: local
                credentialsRef:
                  apiVersion: v1
                  kind: Secret
                  name: local
                  namespace: %2$s
                """.formatted(project, namespace);
    }

    /**
     * A shoot in the garden namespace fit to become a managed seed: a DNS domain with a primary provider, VPA on,
     * workers. Confirmed for deletion, so that it can be removed after the case.
     */
    static String managedSeedShoot(String name, String networking) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata:
                  name: %1$s
                  namespace: garden
                  annotations: {confirmation.gardener.cloud/deletion: "true"}
                spec:
                  cloudProfile: {name: local}
                  credentialsBindingName: local
                  region: local
                  dns:
                    domain: %1$s.local.example.com
                    providers: [{type: local, primary: true, credentialsRef: {apiVersion: v1, kind: Secret, name: local}}]
                  networking: {type: calico, %2$s}
                  provider:
                    type: local
                    workers: [{name: local, machine: {type: local}, cri: {name: containerd}, minimum: 1, maximum: 1}]
                  kubernetes: {verticalPodAutoscaler: {enabled: true}}
                """.formatted(name, networking);
    }

    /** The scheduled shoot the example Bastion names, on the example Seed. */
    static final String BASTION_SHOOT = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: Shoot
            metadata:
              name: example-shoot
              namespace: garden-dev
              annotations: {confirmation.gardener.cloud/deletion: "true"}
            spec:
              cloudProfile: {name: local}
              credentialsBindingName: local
              region: local
              seedName: my-seed
              networking: {type: calico, nodes: 10.0.0.0/16}
              provider:
                type: local
                workers: [{name: local, machine: {type: local}, cri: {name: containerd}, minimum: 1, maximum: 1}]
            """;

    private static final String IPV4 = "nodes: 10.0.0.0/16";
    private static final String IPV6 = "ipFamilies: [IPv6], nodes: 'fd00:10:1:100::/56'";

    private static final List<String> LOCAL_SHOOT = List.of(LOCAL_CLOUD_PROFILE, EXTENSIONS,
            localCredentials("local", "garden-local"));
    private static final List<String> GARDEN_SHOOT = List.of(LOCAL_CLOUD_PROFILE, EXTENSIONS,
            localCredentials("garden", "garden"));

    /** Per example file: example files ({@code *.yaml}) or manifests to create first, in order. */
    static final Map<String, List<String>> BY_EXAMPLE = Map.ofEntries(
            Map.entry("80-credentialsbinding.yaml", List.of("70-workloadidentity-provider.yaml")),
            Map.entry("25-controllerregistration.yaml", List.of("25-controllerdeployment.yaml")),
            Map.entry("35-namespacedcloudprofile.yaml", List.of(LOCAL_CLOUD_PROFILE)),
            Map.entry("50-seed.yaml", List.of(EXTENSIONS)),
            Map.entry("provider-local/shoot.yaml", LOCAL_SHOOT),
            Map.entry("provider-local/shoot-ipv6.yaml", LOCAL_SHOOT),
            Map.entry("provider-local/shoot-workerless.yaml", LOCAL_SHOOT),
            Map.entry("provider-local/managedseeds/shoot-managedseed.yaml", GARDEN_SHOOT),
            Map.entry("provider-local/managedseeds/shoot-managedseed-ipv6.yaml", GARDEN_SHOOT),
            Map.entry("provider-local/managedseeds/managedseed.yaml", managedSeed("managedseed", IPV4)),
            Map.entry("provider-local/managedseeds/managedseed-ipv6.yaml", managedSeed("managedseed", IPV6)),
            Map.entry("55-managedseed-gardenlet.yaml", managedSeed("crazy-botany", IPV4)),
            Map.entry("100-bastion.yaml", List.of(EXTENSIONS, "50-seed.yaml", LOCAL_CLOUD_PROFILE,
                    localCredentials("dev", "garden-dev"), BASTION_SHOOT)));

    private static List<String> managedSeed(String shoot, String networking) {
        return List.of(LOCAL_CLOUD_PROFILE, EXTENSIONS, localCredentials("garden", "garden"),
                managedSeedShoot(shoot, networking));
    }

    private ExamplePrerequisites() {
    }

    /** Whether an entry names an example file rather than being a manifest. */
    static boolean isExampleFile(String entry) {
        return entry.endsWith(".yaml") && !entry.contains("\n");
    }
}
