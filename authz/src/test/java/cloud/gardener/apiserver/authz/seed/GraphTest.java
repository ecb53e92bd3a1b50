package cloud.gardener.apiserver.authz.seed;

import static cloud.gardener.apiserver.authz.seed.GraphFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class GraphTest {

    private static final Vertex SEED_A = Vertex.cluster(VertexType.SEED, "seed-a");
    private static final Vertex SEED_B = Vertex.cluster(VertexType.SEED, "seed-b");

    private static Vertex v(VertexType type, String namespace, String name) {
        return Vertex.of(type, namespace, name);
    }

    @Test
    void shootReachesOnlyTheSeedItIsScheduledOn() {
        Graph graph = GraphFixture.garden();

        assertThat(graph.hasPath(v(VertexType.SHOOT, "garden-dev", "shoot-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SHOOT, "garden-dev", "shoot-a"), SEED_B))
                .isFalse();
        // status.seedName counts as well as spec.seedName
        assertThat(graph.hasPath(v(VertexType.SHOOT, "garden-dev", "shoot-b"), SEED_B))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SHOOT, "garden-dev", "shoot-b"), SEED_A))
                .isFalse();
    }

    @Test
    void secretReachesSeedThroughSecretBindingAndShoot() {
        Graph graph = GraphFixture.garden();
        Vertex secret = v(VertexType.SECRET, "garden-dev", "secret-a");

        assertThat(graph.successors(secret)).containsExactly(v(VertexType.SECRET_BINDING, "garden-dev", "sb-a"));
        assertThat(graph.hasPath(secret, SEED_A)).isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden-dev", "secret-b"), SEED_A))
                .isFalse();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden-dev", "secret-b"), SEED_B))
                .isTrue();
    }

    @Test
    void shootReferencesAndProjectResourcesReachTheSeed() {
        Graph graph = GraphFixture.garden();

        assertThat(graph.hasPath(v(VertexType.WORKLOAD_IDENTITY, "garden-dev", "wi-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.NAMESPACED_CLOUD_PROFILE, "garden-dev", "custom"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CLOUD_PROFILE, "aws"), SEED_B))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CLOUD_PROFILE, "aws"), SEED_A))
                .isFalse();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.EXPOSURE_CLASS, "internet"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.CONFIG_MAP, "garden-dev", "audit"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden-dev", "extra"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden-dev", "shoot-a.ca-cluster"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.INTERNAL_SECRET, "garden-dev", "shoot-a.ca-client"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.CONFIG_MAP, "garden-dev", "shoot-a.ca-kubelet"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SHOOT_STATE, "garden-dev", "shoot-a"), SEED_A))
                .isTrue();
        // project → namespace → shoot: the project is related to every seed one of its shoots runs on
        assertThat(graph.hasPath(Vertex.cluster(VertexType.PROJECT, "dev"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.NAMESPACE, "garden-dev"), SEED_B))
                .isTrue();
    }

    @Test
    void seedOwnedObjectsReachTheSeed() {
        Graph graph = GraphFixture.garden();

        assertThat(graph.hasPath(Vertex.cluster(VertexType.NAMESPACE, "seed-seed-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.LEASE, "gardener-system-seed-lease", "seed-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.CONFIG_MAP, "kube-system", "cluster-identity"), SEED_B))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden", "backup-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden", "backup-a"), SEED_B))
                .isFalse();
    }

    @Test
    void backupsBastionsAndControllersReachTheirSeed() {
        Graph graph = GraphFixture.garden();

        assertThat(graph.hasPath(Vertex.cluster(VertexType.BACKUP_BUCKET, "bb-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden", "bucket-creds"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.BACKUP_ENTRY, "garden-dev", "be-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.BACKUP_ENTRY, "garden-dev", "be-b"), SEED_A))
                .isFalse();
        assertThat(graph.hasPath(v(VertexType.BASTION, "garden-dev", "bastion-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CONTROLLER_INSTALLATION, "ci-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CONTROLLER_DEPLOYMENT, "cd-a"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CONTROLLER_DEPLOYMENT, "cd-b"), SEED_A))
                .isFalse();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden", "pull"), SEED_A))
                .isTrue();
        // the registration is used by installations on both seeds
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CONTROLLER_REGISTRATION, "cr"), SEED_A))
                .isTrue();
        assertThat(graph.hasPath(Vertex.cluster(VertexType.CONTROLLER_REGISTRATION, "cr"), SEED_B))
                .isTrue();
        assertThat(graph.hasPath(v(VertexType.GARDENLET, "garden", "seed-a"), SEED_A))
                .isTrue();
    }

    @Test
    void updatesReplaceAndDeletesRemoveAnObjectsEdges() {
        Graph graph = GraphFixture.garden();
        Vertex shootA = v(VertexType.SHOOT, "garden-dev", "shoot-a");

        graph.upsert(
                GraphResources.SHOOTS,
                json("{'metadata':{'namespace':'garden-dev','name':'shoot-a'},'spec':{'seedName':'seed-b'}}"));
        assertThat(graph.hasPath(shootA, SEED_A)).isFalse();
        assertThat(graph.hasPath(shootA, SEED_B)).isTrue();
        assertThat(graph.hasPath(v(VertexType.SECRET, "garden-dev", "secret-a"), SEED_A))
                .isFalse();

        graph.delete(GraphResources.SHOOTS, json("{'metadata':{'namespace':'garden-dev','name':'shoot-a'}}"));
        assertThat(graph.hasVertex(shootA)).isFalse();
        assertThat(graph.hasVertex(v(VertexType.SHOOT_STATE, "garden-dev", "shoot-a")))
                .isFalse();
    }

    @Test
    void anEdgeTwoObjectsContributeStaysUntilBothAreGone() {
        Graph graph = GraphFixture.garden();
        var seedWithResource = json("{'metadata':{'name':'seed-a'},'spec':{'resources':[{'name':'r',"
                + "'resourceRef':{'apiVersion':'v1','kind':'Secret','name':'shared'}}]}}");
        var managedSeed = json("{'metadata':{'namespace':'garden','name':'seed-a'},'spec':{'shoot':{'name':'shoot-ms'},"
                + "'gardenlet':{'config':{'seedConfig':{'spec':{'resources':[{'name':'r',"
                + "'resourceRef':{'apiVersion':'v1','kind':'Secret','name':'shared'}}]}}}}}}");
        graph.upsert(GraphResources.SEEDS, seedWithResource);
        graph.upsert(GraphResources.MANAGED_SEEDS, managedSeed);
        Vertex shared = v(VertexType.SECRET, "garden", "shared");
        assertThat(graph.hasPath(shared, SEED_A)).isTrue();

        graph.delete(GraphResources.MANAGED_SEEDS, managedSeed);
        assertThat(graph.hasPath(shared, SEED_A)).isTrue();
        graph.upsert(GraphResources.SEEDS, json("{'metadata':{'name':'seed-a'}}"));
        assertThat(graph.hasVertex(shared)).isFalse();
    }

    @Test
    void managedSeedBootstrapTokenIsRelatedOnlyUntilItsSeedIsRegistered() {
        Graph graph = GraphFixture.garden();
        Vertex token = v(VertexType.SECRET, "kube-system", "bootstrap-token-7ecd07");

        assertThat(BootstrapTokens.secretName("garden", "ms-a")).isEqualTo("bootstrap-token-7ecd07");
        assertThat(graph.hasPath(token, SEED_A)).isTrue();

        graph.upsert(
                GraphResources.SEEDS,
                json("{'metadata':{'name':'ms-a'},'status':"
                        + "{'clientCertificateExpirationTimestamp':'2999-01-01T00:00:00Z'}}"));
        assertThat(graph.hasVertex(token)).isFalse();

        graph.upsert(
                GraphResources.SEEDS,
                json("{'metadata':{'name':'ms-a'},'status':"
                        + "{'clientCertificateExpirationTimestamp':'2000-01-01T00:00:00Z'}}"));
        assertThat(graph.hasPath(token, SEED_A)).isTrue();
    }

    @Test
    void gardenletBootstrapTokenNeedsAnExpiredSeedOrRenewal() {
        Graph graph = new Graph(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
        Vertex token = v(VertexType.SECRET, "kube-system", "bootstrap-token-c75b92");
        graph.upsert(GraphResources.GARDENLETS, json("{'metadata':{'namespace':'garden','name':'seed-a'}}"));
        assertThat(graph.hasVertex(token)).isFalse();

        graph.upsert(
                GraphResources.SEEDS,
                json("{'metadata':{'name':'seed-a'},'status':"
                        + "{'clientCertificateExpirationTimestamp':'2025-12-31T23:59:59Z'}}"));
        assertThat(graph.successors(token)).containsExactly(v(VertexType.GARDENLET, "garden", "seed-a"));

        graph.upsert(GraphResources.SEEDS, json("{'metadata':{'name':'seed-a'}}"));
        assertThat(graph.hasVertex(token)).isFalse();
        graph.upsert(
                GraphResources.GARDENLETS,
                json("{'metadata':{'namespace':'garden','name':'seed-a',"
                        + "'annotations':{'gardener.cloud/operation':'renew-kubeconfig'}}}"));
        assertThat(graph.hasVertex(token)).isTrue();
    }

    @Test
    void managedIssuerSecretIsNamedAfterTheProjectOfTheShootsNamespace() {
        Graph graph = GraphFixture.garden();
        Vertex issuer = v(VertexType.SECRET, "gardener-system-shoot-issuer", "dev--uid-i");
        var shoot = json("{'metadata':{'namespace':'garden-dev','name':'shoot-i','uid':'uid-i','annotations':"
                + "{'authentication.gardener.cloud/issuer':'managed'}},'spec':{'seedName':'seed-a'}}");

        graph.upsert(GraphResources.SHOOTS, shoot);
        assertThat(graph.hasPath(issuer, SEED_A)).isTrue();

        // the namespace moves to another project: the edge follows
        graph.upsert(
                GraphResources.NAMESPACES,
                json("{'metadata':{'name':'garden-dev','labels':{'project.gardener.cloud/name':'other'}}}"));
        assertThat(graph.hasVertex(issuer)).isFalse();
        assertThat(graph.hasPath(v(VertexType.SECRET, "gardener-system-shoot-issuer", "other--uid-i"), SEED_A))
                .isTrue();

        graph.replace(GraphResources.NAMESPACES, List.of());
        assertThat(graph.hasVertex(v(VertexType.SECRET, "gardener-system-shoot-issuer", "other--uid-i")))
                .isFalse();
        // without the annotation there is no issuer secret
        assertThat(graph.hasVertex(v(VertexType.SECRET, "gardener-system-shoot-issuer", "dev--")))
                .isFalse();
    }

    @Test
    void replaceDropsObjectsThatAreGoneAndSyncsOnceEveryResourceIsListed() {
        Graph graph = new Graph();
        graph.upsert(
                GraphResources.BASTIONS,
                json("{'metadata':{'namespace':'ns','name':'b'},'spec':{'seedName':'seed-a'}}"));
        assertThat(graph.isSynced()).isFalse();

        for (var resource : GraphResources.ALL) {
            assertThat(graph.isSynced()).isFalse();
            graph.replace(resource, List.of());
        }
        assertThat(graph.isSynced()).isTrue();
        assertThat(graph.hasVertex(v(VertexType.BASTION, "ns", "b"))).isFalse();
    }
}
