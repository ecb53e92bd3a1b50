package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.EXTENSION;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.GARDENLET;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.NOT_OWN;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.json;
import static cloud.gardener.apiserver.admission.testing.Requests.at;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.seed.BootstrapTokens;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;
import org.junit.jupiter.api.Test;

/** One or more tests per rule of Gardener's SeedRestriction handler. */
class SeedRestrictionTest {

    private final InMemoryObjects lookup = new InMemoryObjects()
            .put(SeedRestriction.SEEDS, json("{'metadata':{'name':'seed-a','uid':'uid-a'}}"))
            .put(SeedRestriction.SEEDS, json("{'metadata':{'name':'ms-done','uid':'uid-done'}}"))
            .put(
                    SeedRestriction.SHOOTS,
                    json("{'metadata':{'namespace':'garden-dev','name':'shoot-a'}," + "'spec':{'seedName':'seed-a'}}"))
            .put(
                    SeedRestriction.SHOOTS,
                    json("{'metadata':{'namespace':'garden-dev','name':'shoot-b'},"
                            + "'spec':{'seedName':'seed-b'},'status':{'seedName':'seed-a'}}"))
            .put(
                    SeedRestriction.SHOOTS,
                    json("{'metadata':{'namespace':'garden','name':'shoot-ms'}," + "'spec':{'seedName':'seed-a'}}"))
            .put(SeedRestriction.BACKUP_BUCKETS, json("{'metadata':{'name':'bb-a'},'spec':{'seedName':'seed-a'}}"))
            .put(SeedRestriction.BACKUP_BUCKETS, json("{'metadata':{'name':'bb-b'},'spec':{'seedName':'seed-b'}}"))
            .put(
                    SeedRestriction.MANAGED_SEEDS,
                    json(
                            "{'metadata':{'namespace':'garden','name':'ms-new'},"
                                    + "'spec':{'shoot':{'name':'shoot-ms'},'gardenlet':{'config':{'seedConfig':{'spec':{'backup':"
                                    + "{'credentialsRef':{'apiVersion':'v1','kind':'Secret','namespace':'garden','name':'ms-backup'}}}}}}}}"))
            .put(
                    SeedRestriction.MANAGED_SEEDS,
                    json(
                            "{'metadata':{'namespace':'garden','name':'ms-done'},"
                                    + "'spec':{'shoot':{'name':'shoot-ms'},'gardenlet':{'config':{'seedConfig':{'spec':{}}}}}}"))
            .put(SeedRestriction.GARDENLETS, json("{'metadata':{'namespace':'garden','name':'seed-a'}}"));
    private final SeedRestriction plugin = new SeedRestriction(lookup, CLOCK);

    private static Attributes create(GroupResource resource, String namespace, String name, String body) {
        return at(GARDENLET, resource, Operation.CREATE, namespace, name, json(body));
    }

    private Verdict review(Attributes attributes) {
        return plugin.review(attributes).result();
    }

    private void assertAllowed(Attributes attributes) {
        Verdict verdict = review(attributes);
        assertThat(verdict.allowed()).as(verdict.message()).isTrue();
    }

    private void assertDenied(Attributes attributes, int code, String message) {
        assertThat(review(attributes)).isEqualTo(Verdict.denied(code, message));
    }

    @Test
    void usersThatAreNotSeedClientsAreNotRestricted() {
        assertAllowed(at(UserInfo.of("alice", List.of()), SeedRestriction.SEEDS, Operation.DELETE, "", "seed-b", null));
    }

    @Test
    void seedClientsWaitUntilTheCachesAreFilled() {
        SeedRestriction unsynced = new SeedRestriction(new InMemoryObjects().notReady());

        assertThat(unsynced.review(
                                create(SeedRestriction.BASTIONS, "garden-dev", "b", "{'spec':{'seedName':'seed-a'}}"))
                        .result())
                .isEqualTo(Verdict.forbidden("not yet ready to handle request"));
        assertThat(unsynced.review(at(
                                UserInfo.of("alice", List.of()),
                                SeedRestriction.BASTIONS,
                                Operation.CREATE,
                                "garden-dev",
                                "b",
                                json("{}")))
                        .result()
                        .allowed())
                .isTrue();
    }

    @Test
    void createOfAnExistingObjectIsAllowed() {
        assertThat(review(create(SeedRestriction.BACKUP_BUCKETS, "", "bb-b", "{'spec':{'seedName':'seed-b'}}")))
                .isEqualTo(Verdict.allowed("object already exists"));
    }

    @Test
    void backupBucketCreateNeedsOwnSeedAndDeleteTheSeedsUid() {
        assertAllowed(create(SeedRestriction.BACKUP_BUCKETS, "", "new", "{'spec':{'seedName':'seed-a'}}"));
        assertDenied(create(SeedRestriction.BACKUP_BUCKETS, "", "new", "{'spec':{'seedName':'seed-b'}}"), 403, NOT_OWN);
        assertAllowed(at(GARDENLET, SeedRestriction.BACKUP_BUCKETS, Operation.DELETE, "", "uid-a", null));
        assertDenied(
                at(GARDENLET, SeedRestriction.BACKUP_BUCKETS, Operation.DELETE, "", "bb-a", null),
                403,
                "cannot delete unrelated BackupBucket");
    }

    @Test
    void backupEntryNeedsOwnSeedAndABucketOfTheSeed() {
        assertAllowed(create(
                SeedRestriction.BACKUP_ENTRIES,
                "garden-dev",
                "be",
                "{'spec':{'seedName':'seed-a','bucketName':'bb-a'}}"));
        assertDenied(
                create(
                        SeedRestriction.BACKUP_ENTRIES,
                        "garden-dev",
                        "be",
                        "{'spec':{'seedName':'seed-a','bucketName':'bb-b'}}"),
                403,
                NOT_OWN);
        assertDenied(
                create(
                        SeedRestriction.BACKUP_ENTRIES,
                        "garden-dev",
                        "be",
                        "{'spec':{'seedName':'seed-b','bucketName':'bb-a'}}"),
                403,
                NOT_OWN);
    }

    @Test
    void sourceBackupEntryOnlyDuringRestoreAndEqualToTheOriginal() {
        String source = "{'metadata':{'ownerReferences':[{'kind':'Shoot','name':'shoot-r'}]},"
                + "'spec':{'seedName':'seed-a','bucketName':'bb-a'}}";
        lookup.put(
                SeedRestriction.SHOOTS,
                json(
                        "{'metadata':{'namespace':'garden-dev','name':'shoot-r'},"
                                + "'spec':{'seedName':'seed-a'},'status':{'lastOperation':{'type':'Reconcile','state':'Processing'}}}"));
        assertDenied(
                create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "source-be", source),
                403,
                "creation of source BackupEntry is only allowed during shoot Restore operation (shoot: shoot-r)");

        lookup.put(
                SeedRestriction.SHOOTS,
                json(
                        "{'metadata':{'namespace':'garden-dev','name':'shoot-r'},"
                                + "'spec':{'seedName':'seed-a'},'status':{'lastOperation':{'type':'Restore','state':'Processing'}}}"));
        lookup.put(
                SeedRestriction.BACKUP_ENTRIES,
                json("{'metadata':{'namespace':'garden-dev','name':'be'},"
                        + "'spec':{'seedName':'seed-a','bucketName':'bb-other'}}"));
        assertDenied(
                create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "source-be", source),
                403,
                "specification of source BackupEntry must equal specification of original BackupEntry be");

        lookup.put(
                SeedRestriction.BACKUP_ENTRIES,
                json("{'metadata':{'namespace':'garden-dev','name':'be'},"
                        + "'spec':{'seedName':'seed-a','bucketName':'bb-a'}}"));
        assertAllowed(create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "source-be", source));
    }

    @Test
    void bastionNeedsOwnSeed() {
        assertAllowed(create(SeedRestriction.BASTIONS, "garden-dev", "b", "{'spec':{'seedName':'seed-a'}}"));
        assertDenied(create(SeedRestriction.BASTIONS, "garden-dev", "b", "{'spec':{}}"), 403, NOT_OWN);
    }

    @Test
    void gardenletMustBeInGardenAndNamedAfterOwnSeed() {
        SeedRestriction empty = new SeedRestriction(new InMemoryObjects());
        assertThat(empty.review(create(SeedRestriction.GARDENLETS, "garden", "seed-a", "{}"))
                        .result()
                        .allowed())
                .isTrue();
        assertDenied(
                create(SeedRestriction.GARDENLETS, "other", "seed-a", "{}"),
                400,
                "object must be in namespace: \"garden\"");
        assertDenied(create(SeedRestriction.GARDENLETS, "garden", "seed-b", "{}"), 403, NOT_OWN);
    }

    @Test
    void csrMustBeASeedClientRequestForOwnSeed() throws Exception {
        String usages = "'usages':['key encipherment','digital signature','client auth']";
        assertAllowed(create(
                SeedRestriction.CSRS,
                "",
                "csr",
                "{'spec':{'request':'" + csr("gardener.cloud:system:seed:seed-a", "gardener.cloud:system:seeds") + "',"
                        + usages + "}}"));
        assertDenied(
                create(
                        SeedRestriction.CSRS,
                        "",
                        "csr",
                        "{'spec':{'request':'" + csr("gardener.cloud:system:seed:seed-b", "gardener.cloud:system:seeds")
                                + "'," + usages + "}}"),
                403,
                NOT_OWN);
        assertDenied(
                create(
                        SeedRestriction.CSRS,
                        "",
                        "csr",
                        "{'spec':{'request':'" + csr("gardener.cloud:system:seed:seed-a", "system:masters") + "',"
                                + usages + "}}"),
                403,
                "can only create CSRs for seed clusters: subject's organization is not set to "
                        + "[gardener.cloud:system:seeds]");
        assertDenied(
                create(
                        SeedRestriction.CSRS,
                        "",
                        "csr",
                        "{'spec':{'request':'"
                                + csr("gardener.cloud:system:seed:seed-a", "gardener.cloud:system:seeds")
                                + "','usages':['client auth']}}"),
                403,
                "can only create CSRs for seed clusters: key usages are not set to "
                        + "[key encipherment digital signature client auth]");
        assertDenied(
                at(EXTENSION, SeedRestriction.CSRS, Operation.CREATE, "", "csr", json("{}")),
                403,
                "extension client may not create CertificateSigningRequests");
    }

    private static String csr(String commonName, String organization) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        KeyPair keys = generator.generateKeyPair();
        var request = new JcaPKCS10CertificationRequestBuilder(
                        new X500Name("O=" + organization + ",CN=" + commonName), keys.getPublic())
                .build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate()));
        StringWriter pem = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(pem)) {
            writer.writeObject(request);
        }
        return Base64.getEncoder().encodeToString(pem.toString().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void clusterRoleBindingOnlyForBootstrappingManagedSeedsOfOwnSeed() {
        String binding = "{'roleRef':{'apiGroup':'rbac.authorization.k8s.io','kind':'ClusterRole',"
                + "'name':'gardener.cloud:system:seed-bootstrapper'}}";
        String name = BootstrapTokens.clusterRoleBindingName("garden", "gardenlet-bootstrap-ms-new");
        assertAllowed(create(SeedRestriction.CLUSTER_ROLE_BINDINGS, "", name, binding));
        assertDenied(
                create(
                        SeedRestriction.CLUSTER_ROLE_BINDINGS,
                        "",
                        BootstrapTokens.clusterRoleBindingName("garden", "gardenlet-bootstrap-ms-done"),
                        binding),
                400,
                "managed seed garden/ms-done is already bootstrapped");
        assertDenied(
                create(
                        SeedRestriction.CLUSTER_ROLE_BINDINGS,
                        "",
                        name,
                        "{'roleRef':{'apiGroup':'rbac.authorization.k8s.io','kind':'ClusterRole','name':'admin'}}"),
                403,
                "can only bindings referring to the bootstrapper role");
        assertDenied(create(SeedRestriction.CLUSTER_ROLE_BINDINGS, "", "other", binding), 403, NOT_OWN);
        assertDenied(
                at(EXTENSION, SeedRestriction.CLUSTER_ROLE_BINDINGS, Operation.CREATE, "", name, json(binding)),
                403,
                "extension client may not create ClusterRoleBindings");
    }

    @Test
    void configMapMustBelongToAShootOnOwnSeed() {
        assertAllowed(create(SeedRestriction.CONFIG_MAPS, "garden-dev", "shoot-a.ca-kubelet", "{}"));
        assertDenied(create(SeedRestriction.CONFIG_MAPS, "garden-dev", "shoot-b.ca-cluster", "{}"), 403, NOT_OWN);
        assertDenied(
                create(SeedRestriction.CONFIG_MAPS, "garden-dev", "gone.ca-cluster", "{}"),
                403,
                "shoots.core.gardener.cloud \"gone\" not found");
        assertDenied(create(SeedRestriction.CONFIG_MAPS, "garden-dev", "random", "{}"), 403, NOT_OWN);
    }

    @Test
    void internalSecretMustBeTheCaClientOfAShootOnOwnSeed() {
        assertAllowed(create(SeedRestriction.INTERNAL_SECRETS, "garden-dev", "shoot-a.ca-client", "{}"));
        assertDenied(create(SeedRestriction.INTERNAL_SECRETS, "garden-dev", "shoot-b.ca-client", "{}"), 403, NOT_OWN);
        assertDenied(create(SeedRestriction.INTERNAL_SECRETS, "garden-dev", "other", "{}"), 403, NOT_OWN);
    }

    @Test
    void leasesForLeaderElectionOwnSeedLeaseAndExtensionsInTheSeedNamespace() {
        assertAllowed(create(SeedRestriction.LEASES, "garden", "gardenlet-leader-election", "{}"));
        assertAllowed(create(SeedRestriction.LEASES, "gardener-system-seed-lease", "seed-a", "{}"));
        assertDenied(create(SeedRestriction.LEASES, "gardener-system-seed-lease", "seed-b", "{}"), 403, NOT_OWN);
        assertDenied(create(SeedRestriction.LEASES, "garden", "other", "{}"), 403, NOT_OWN);
        assertAllowed(at(EXTENSION, SeedRestriction.LEASES, Operation.CREATE, "seed-seed-a", "x", json("{}")));
        assertDenied(
                at(EXTENSION, SeedRestriction.LEASES, Operation.CREATE, "garden", "x", json("{}")),
                403,
                "extension client can only create leases in the namespace for seed \"seed-a\"");
    }

    @Test
    void secretsOfBucketsAndShootsOfOwnSeed() {
        assertAllowed(create(SeedRestriction.SECRETS, "garden", "generated-bucket-bb-a", "{}"));
        assertDenied(create(SeedRestriction.SECRETS, "garden", "generated-bucket-bb-b", "{}"), 403, NOT_OWN);
        assertAllowed(create(SeedRestriction.SECRETS, "garden-dev", "shoot-a.ssh-keypair.old", "{}"));
        assertAllowed(create(SeedRestriction.SECRETS, "garden-dev", "shoot-a.monitoring", "{}"));
        // only spec.seedName counts for project secrets, as upstream
        assertDenied(create(SeedRestriction.SECRETS, "garden-dev", "shoot-b.ca-cluster", "{}"), 403, NOT_OWN);
        assertAllowed(create(SeedRestriction.SECRETS, "garden", "ms-backup", "{}"));
        assertDenied(create(SeedRestriction.SECRETS, "garden", "unrelated", "{}"), 403, NOT_OWN);
    }

    @Test
    void shootIssuerSecretsNeedTheirLabelsAndAShootOnOwnSeed() {
        String labels = "'shoot.gardener.cloud/name':'shoot-a','shoot.gardener.cloud/namespace':'garden-dev'";
        assertAllowed(create(
                SeedRestriction.SECRETS,
                "gardener-system-shoot-issuer",
                "issuer",
                "{'metadata':{'labels':{" + labels
                        + ",'discovery.gardener.cloud/public':'shoot-service-account-issuer'}}}"));
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "gardener-system-shoot-issuer",
                        "issuer",
                        "{'metadata':{'labels':{" + labels + "}}}"),
                422,
                "label \"discovery.gardener.cloud/public\" is missing");
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "gardener-system-shoot-issuer",
                        "issuer",
                        "{'metadata':{'labels':{" + labels + ",'discovery.gardener.cloud/public':'x'}}}"),
                422,
                "label \"discovery.gardener.cloud/public\" value must be set to \"shoot-service-account-issuer\"");
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "gardener-system-shoot-issuer",
                        "issuer",
                        "{'metadata':{'labels':{'shoot.gardener.cloud/namespace':'garden-dev'}}}"),
                422,
                "label \"shoot.gardener.cloud/name\" is missing");
    }

    @Test
    void bootstrapTokenSecretsForManagedSeedsAndGardenletsNotYetBootstrapped() {
        String usages = "'usage-bootstrap-authentication':'dHJ1ZQ==','usage-bootstrap-signing':'dHJ1ZQ=='";
        String managedSeed =
                b64("A bootstrap token for the Gardenlet for " + SeedRestriction.KIND_MANAGED_SEED + " garden/ms-new.");
        assertAllowed(create(
                SeedRestriction.SECRETS,
                "kube-system",
                "bootstrap-token-abcdef",
                "{'type':'bootstrap.kubernetes.io/token','data':{" + usages + ",'description':'" + managedSeed
                        + "'}}"));
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "kube-system",
                        "bootstrap-token-abcdef",
                        "{'type':'Opaque','data':{" + usages + "}}"),
                422,
                "unexpected secret type: \"Opaque\"");
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "kube-system",
                        "bootstrap-token-abcdef",
                        "{'type':'bootstrap.kubernetes.io/token','data':{" + usages + ",'auth-extra-groups':'eA=='}}"),
                422,
                "\"auth-extra-groups\" must not be set");
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "kube-system",
                        "bootstrap-token-abcdef",
                        "{'type':'bootstrap.kubernetes.io/token','data':{'usage-bootstrap-authentication':'dHJ1ZQ=='}}"),
                422,
                "\"usage-bootstrap-signing\" must be set to 'true'");

        String gardenlet =
                b64("A bootstrap token for the Gardenlet for " + SeedRestriction.KIND_GARDENLET + " garden/seed-a.");
        assertDenied(
                create(
                        SeedRestriction.SECRETS,
                        "kube-system",
                        "bootstrap-token-abcdef",
                        "{'type':'bootstrap.kubernetes.io/token','data':{" + usages + ",'description':'" + gardenlet
                                + "'}}"),
                400,
                "gardenlet garden/seed-a is already bootstrapped");
        lookup.put(
                SeedRestriction.SEEDS,
                json("{'metadata':{'name':'seed-a'},"
                        + "'status':{'clientCertificateExpirationTimestamp':'2026-01-01T00:00:00Z'}}"));
        assertAllowed(create(
                SeedRestriction.SECRETS,
                "kube-system",
                "bootstrap-token-abcdef",
                "{'type':'bootstrap.kubernetes.io/token','data':{" + usages + ",'description':'" + gardenlet + "'}}"));
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void seedMayOnlyBeItsOwnUnlessTheParentDeletesAManagedSeedsSeed() {
        assertAllowed(at(GARDENLET, SeedRestriction.SEEDS, Operation.UPDATE, "", "seed-a", json("{}")));
        assertDenied(at(GARDENLET, SeedRestriction.SEEDS, Operation.UPDATE, "", "seed-b", json("{}")), 403, NOT_OWN);
        assertDenied(
                at(GARDENLET, SeedRestriction.SEEDS, Operation.DELETE, "", "ms-done", null),
                403,
                "object can only be deleted if corresponding ManagedSeed has a deletion timestamp");
        lookup.put(
                SeedRestriction.MANAGED_SEEDS,
                json("{'metadata':{'namespace':'garden','name':'ms-done',"
                        + "'deletionTimestamp':'2026-01-01T00:00:00Z'},'spec':{'shoot':{'name':'shoot-ms'}}}"));
        assertAllowed(at(GARDENLET, SeedRestriction.SEEDS, Operation.DELETE, "", "ms-done", null));
        assertDenied(at(GARDENLET, SeedRestriction.SEEDS, Operation.DELETE, "", "seed-b", null), 403, NOT_OWN);
    }

    @Test
    void serviceAccountsForBootstrappingOrInTheSeedNamespace() {
        assertAllowed(create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "gardenlet-bootstrap-ms-new", "{}"));
        assertAllowed(create(SeedRestriction.SERVICE_ACCOUNTS, "seed-seed-a", "anything", "{}"));
        assertDenied(
                create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "gardenlet-bootstrap-unknown", "{}"),
                403,
                "managedseeds.seedmanagement.gardener.cloud \"unknown\" not found");
        assertDenied(create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "other", "{}"), 403, NOT_OWN);
        assertDenied(
                at(EXTENSION, SeedRestriction.SERVICE_ACCOUNTS, Operation.CREATE, "seed-seed-a", "x", json("{}")),
                403,
                "extension client may not create ServiceAccounts");
    }

    @Test
    void shootStateForShootsWithOwnSeedInSpecOrStatus() {
        assertAllowed(create(SeedRestriction.SHOOT_STATES, "garden-dev", "shoot-a", "{}"));
        assertAllowed(create(SeedRestriction.SHOOT_STATES, "garden-dev", "shoot-b", "{}"));
        lookup.put(
                SeedRestriction.SHOOTS,
                json("{'metadata':{'namespace':'garden-dev','name':'shoot-c'}," + "'spec':{'seedName':'seed-c'}}"));
        assertDenied(create(SeedRestriction.SHOOT_STATES, "garden-dev", "shoot-c", "{}"), 403, NOT_OWN);
    }

    @Test
    void builtInItActsOnlyOnTheWebhooksRulesAndRejectsLikeTheApiServer() {
        Attributes updateShoot =
                at(GARDENLET, SeedRestriction.SHOOTS, Operation.UPDATE, "garden-dev", "shoot-b", json("{}"));
        assertThat(plugin.validate(updateShoot).succeeded()).isTrue();

        var rejected = plugin.validate(create(SeedRestriction.BASTIONS, "garden-dev", "b", "{'spec':{}}"));
        assertThat(rejected.failed()).isTrue();
        ApiException error = (ApiException) rejected.cause();
        assertThat(error.code()).isEqualTo(403);
        assertThat(error.getMessage()).isEqualTo("bastions.operations.gardener.cloud \"b\" is forbidden: " + NOT_OWN);
    }
}
