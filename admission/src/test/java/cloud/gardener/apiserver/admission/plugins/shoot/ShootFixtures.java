package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** The objects the Shoot plugin tests share: a CloudProfile as storage holds it (defaulted), a seed, a project. */
public final class ShootFixtures {

    public static final GroupVersionKind SHOOT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");
    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);

    public static final String CLOUD_PROFILE = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: CloudProfile
            metadata: {name: profile}
            spec:
              type: local
              kubernetes:
                versions:
                - {version: 1.35.4}
                - {version: 1.35.0}
                - {version: 1.36.0, classification: preview}
                - {version: 1.34.7}
                - {version: 1.33.11, expirationDate: "2026-01-01T00:00:00Z"}
              machineImages:
              - name: gardenlinux
                updateStrategy: major
                versions:
                - {version: 15.4.20220818, architectures: [amd64], cri: [{name: containerd}]}
                - {version: 15.4.20220620, architectures: [amd64], cri: [{name: containerd}], expirationDate: "2023-02-28T23:59:59Z"}
                - {version: 16.1.0, architectures: [amd64], classification: preview, cri: [{name: containerd}]}
                - {version: 14.0.0, architectures: [arm64], cri: [{name: containerd}], kubeletVersionConstraint: "< 1.30"}
              - name: ubuntu
                updateStrategy: major
                versions:
                - {version: 18.4.201906170, architectures: [amd64, arm64], cri: [{name: containerd, containerRuntimes: [{type: gvisor}]}]}
              machineTypes:
              - {name: m5.large, cpu: "2", gpu: "0", memory: 8Gi, usable: true, architecture: amd64}
              - {name: a1.large, cpu: "2", gpu: "0", memory: 4Gi, usable: true, architecture: arm64}
              - {name: old.large, cpu: "2", gpu: "0", memory: 4Gi, usable: false, architecture: amd64}
              volumeTypes:
              - {name: gp3, class: standard, usable: true, minSize: 20Gi}
              - {name: io1, class: premium, usable: false}
              regions:
              - name: europe-central-1
                zones:
                - {name: europe-central-1a}
                - {name: europe-central-1b, unavailableMachineTypes: [a1.large], unavailableVolumeTypes: [gp3]}
              - name: us-east-1
              limits: {maxNodesTotal: 10}
            """;

    public static final String SEED = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: Seed
            metadata: {name: seed, labels: {env: prod}}
            spec:
              provider: {type: local, region: europe-1, zones: [europe-1a, europe-1b, europe-1c]}
              dns: {internal: {domain: internal.example.com}}
              networks:
                nodes: 10.240.0.0/16
                pods: 10.241.128.0/17
                services: 10.241.0.0/17
                shootDefaults: {pods: 100.96.0.0/11, services: 100.64.0.0/13}
            """;

    public static final String PROJECT = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: Project
            metadata: {name: dev}
            spec: {namespace: garden-dev}
            """;

    private ShootFixtures() {}

    /** A shoot in garden-dev on the profile with one worker, as the client sends it. */
    public static ObjectNode shoot() {
        return Requests.object("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata: {name: crazy, namespace: garden-dev}
                spec:
                  cloudProfile: {kind: CloudProfile, name: profile}
                  region: europe-central-1
                  provider:
                    type: local
                    workers:
                    - name: cpu
                      minimum: 1
                      maximum: 2
                      machine: {type: m5.large, architecture: amd64, image: {name: gardenlinux, version: 15.4.20220818}}
                      volume: {type: gp3, size: 20Gi}
                  kubernetes: {version: 1.35.4}
                  networking: {type: calico, nodes: 10.250.0.0/16, pods: 100.96.0.0/11, services: 100.64.0.0/13, ipFamilies: [IPv4]}
                """);
    }
}
