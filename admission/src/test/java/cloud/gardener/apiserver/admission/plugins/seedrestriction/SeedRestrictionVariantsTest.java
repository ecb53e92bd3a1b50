package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.GARDENLET;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.NOT_OWN;
import static cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestrictionFixtures.json;
import static cloud.gardener.apiserver.admission.testing.Requests.at;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.meta.GroupResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SeedRestriction on the variants real objects come in: bodies and stored objects whose optional sections (spec,
 * status, seed names, labels, data, owner references, the gardenlet configuration's seed template) are absent, null or
 * empty, read as Go reads its typed objects (a missing member is the zero value, a nil pointer is no seed name).
 */
class SeedRestrictionVariantsTest {

    private final InMemoryObjects lookup = new InMemoryObjects()
            .put(SeedRestriction.SEEDS, json("{'metadata':{'name':'seed-a','uid':'uid-a'}}"))
            .put(SeedRestriction.SHOOTS, json("{'metadata':{'namespace':'garden-dev','name':'bare'}}"))
            .put(
                    SeedRestriction.SHOOTS,
                    json("{'metadata':{'namespace':'garden-dev','name':'moved'},'spec':{},"
                            + "'status':{'seedName':'seed-a'}}"))
            .put(
                    SeedRestriction.SHOOTS,
                    json("{'metadata':{'namespace':'garden','name':'shoot-ms'},'spec':{'seedName':'seed-a'}}"))
            .put(SeedRestriction.BACKUP_BUCKETS, json("{'metadata':{'name':'bb-a'},'spec':{'seedName':'seed-a'}}"))
            .put(SeedRestriction.BACKUP_BUCKETS, json("{'metadata':{'name':'bb-bare'}}"));
    private final SeedRestriction plugin = new SeedRestriction(lookup, CLOCK);

    private Verdict create(GroupResource resource, String namespace, String name, String body) {
        return plugin.review(at(GARDENLET, resource, Operation.CREATE, namespace, name, json(body)))
                .result();
    }

    private static String notFound(GroupResource resource, String name) {
        return resource + " \"" + name + "\" not found";
    }

    /** A BackupBucket, BackupEntry or Bastion without a seed name belongs to no seed. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"{}", "{'spec':null}", "{'spec':{}}", "{'spec':{'seedName':null}}", "{'spec':{'seedName':''}}"})
    void bodiesWithoutSeedNameBelongToNoSeed(String body) {
        assertThat(create(SeedRestriction.BACKUP_BUCKETS, "", "new", body)).isEqualTo(Verdict.forbidden(NOT_OWN));
        assertThat(create(SeedRestriction.BASTIONS, "garden-dev", "b", body)).isEqualTo(Verdict.forbidden(NOT_OWN));
        assertThat(create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "be", body))
                .isEqualTo(Verdict.forbidden(NOT_OWN));
    }

    /** Go's webhook answers 400 when its decoder cannot read the body into the typed object. */
    @Test
    void aBodyThatDoesNotDecodeIsABadRequest() {
        Verdict verdict = create(SeedRestriction.BACKUP_BUCKETS, "", "new", "{'spec':{'seedName':5}}");
        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.code()).isEqualTo(400);
        assertThat(verdict.message()).contains("cannot unmarshal number");
        assertThat(create(SeedRestriction.BASTIONS, "garden-dev", "b", "{'spec':[]}")
                        .code())
                .isEqualTo(400);
    }

    @Test
    void backupEntriesOfBucketsWithoutSeedOrOfNoBucket() {
        assertThat(create(
                        SeedRestriction.BACKUP_ENTRIES,
                        "garden-dev",
                        "be",
                        "{'spec':{'seedName':'seed-a','bucketName':'bb-bare'}}"))
                .isEqualTo(Verdict.forbidden(NOT_OWN));
        assertThat(create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "be", "{'spec':{'seedName':'seed-a'}}"))
                .isEqualTo(Verdict.internal(notFound(SeedRestriction.BACKUP_BUCKETS, "")));
        assertThat(create(
                        SeedRestriction.BACKUP_ENTRIES,
                        "garden-dev",
                        "be",
                        "{'spec':{'seedName':'seed-a','bucketName':'bb-a'}}"))
                .isEqualTo(Verdict.ALLOWED);
    }

    @Test
    void sourceBackupEntriesWithoutOwnerOrShootStatus() {
        String spec = "'spec':{'seedName':'seed-a','bucketName':'bb-a'}";
        // no owner of kind Shoot: Go looks up the shoot named ""
        for (String meta : new String[] {"{}", "{'ownerReferences':null}", "{'ownerReferences':[{'kind':'Seed'}]}"}) {
            assertThat(create(
                            SeedRestriction.BACKUP_ENTRIES,
                            "garden-dev",
                            "source-be",
                            "{'metadata':" + meta + "," + spec + "}"))
                    .isEqualTo(Verdict.internal(notFound(SeedRestriction.SHOOTS, "")));
        }
        String ownedBy = "{'metadata':{'ownerReferences':[{'kind':'Shoot','name':'%s'}]}," + spec + "}";
        String restoreOnly =
                "creation of source BackupEntry is only allowed during shoot Restore operation (shoot: %s)";
        // a shoot without status, or without last operation, is not being restored
        assertThat(create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "source-be", ownedBy.formatted("bare")))
                .isEqualTo(Verdict.forbidden(restoreOnly.formatted("bare")));
        assertThat(create(SeedRestriction.BACKUP_ENTRIES, "garden-dev", "source-be", ownedBy.formatted("moved")))
                .isEqualTo(Verdict.forbidden(restoreOnly.formatted("moved")));
    }

    /** Go compares the specs semantically: a member set to null is the member left out. */
    @Test
    void sourceBackupEntriesEqualToTheOriginalInGosSense() {
        lookup.put(
                SeedRestriction.SHOOTS,
                json("{'metadata':{'namespace':'garden-dev','name':'shoot-r'},'spec':{'seedName':'seed-a'},"
                        + "'status':{'lastOperation':{'type':'Restore','state':'Processing'}}}"));
        lookup.put(
                SeedRestriction.BACKUP_ENTRIES,
                json("{'metadata':{'namespace':'garden-dev','name':'be'},"
                        + "'spec':{'seedName':'seed-a','bucketName':'bb-a'}}"));
        String owner = "'metadata':{'ownerReferences':[{'kind':'Shoot','name':'shoot-r'}]}";
        assertThat(create(
                        SeedRestriction.BACKUP_ENTRIES,
                        "garden-dev",
                        "source-be",
                        "{" + owner + ",'spec':{'seedName':'seed-a','bucketName':'bb-a','shootRef':null}}"))
                .isEqualTo(Verdict.ALLOWED);
        assertThat(create(
                        SeedRestriction.BACKUP_ENTRIES,
                        "garden-dev",
                        "source-be",
                        "{" + owner + ",'spec':{'seedName':'seed-a','bucketName':'bb-a','shootRef':{'name':'x'}}}"))
                .isEqualTo(Verdict.forbidden(
                        "specification of source BackupEntry must equal specification of original BackupEntry be"));
    }

    @Test
    void shootStatesOfShootsWithoutSpecOrStatusSeed() {
        assertThat(create(SeedRestriction.SHOOT_STATES, "garden-dev", "moved", "{}"))
                .isEqualTo(Verdict.ALLOWED);
        assertThat(create(SeedRestriction.SHOOT_STATES, "garden-dev", "bare", "{}"))
                .isEqualTo(Verdict.forbidden(NOT_OWN));
        // shoot-project secrets and config maps of a shoot without seed name belong to no seed
        assertThat(create(SeedRestriction.SECRETS, "garden-dev", "bare.ca-cluster", "{}"))
                .isEqualTo(Verdict.forbidden(NOT_OWN));
        assertThat(create(SeedRestriction.CONFIG_MAPS, "garden-dev", "moved.ca-cluster", "{}"))
                .isEqualTo(Verdict.forbidden(NOT_OWN));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{}", "{'metadata':null}", "{'metadata':{}}", "{'metadata':{'labels':null}}"})
    void shootIssuerSecretsWithoutLabels(String body) {
        assertThat(create(SeedRestriction.SECRETS, "gardener-system-shoot-issuer", "issuer", body))
                .isEqualTo(Verdict.invalid("label \"shoot.gardener.cloud/name\" is missing"));
    }

    @Test
    void shootIssuerSecretsOfAShootWithoutSeed() {
        assertThat(create(
                        SeedRestriction.SECRETS,
                        "gardener-system-shoot-issuer",
                        "issuer",
                        "{'metadata':{'labels':{'shoot.gardener.cloud/name':'bare',"
                                + "'shoot.gardener.cloud/namespace':'garden-dev',"
                                + "'discovery.gardener.cloud/public':'shoot-service-account-issuer'}}}"))
                .isEqualTo(Verdict.forbidden(NOT_OWN));
    }

    @Test
    void bootstrapTokenSecretsWithoutTypeOrData() {
        String token = "bootstrap-token-abcdef";
        String type = "'type':'bootstrap.kubernetes.io/token'";
        assertThat(create(SeedRestriction.SECRETS, "kube-system", token, "{}"))
                .isEqualTo(Verdict.invalid("unexpected secret type: \"\""));
        assertThat(create(SeedRestriction.SECRETS, "kube-system", token, "{'type':null}"))
                .isEqualTo(Verdict.invalid("unexpected secret type: \"\""));
        for (String data :
                new String[] {"", ",'data':null", ",'data':{}", ",'data':{'usage-bootstrap-authentication':null}"}) {
            assertThat(create(SeedRestriction.SECRETS, "kube-system", token, "{" + type + data + "}"))
                    .isEqualTo(Verdict.invalid("\"usage-bootstrap-authentication\" must be set to 'true'"));
        }
        String usages = "'usage-bootstrap-authentication':'dHJ1ZQ==','usage-bootstrap-signing':'dHJ1ZQ=='";
        // set to null is set (Go: the key is in the map)
        assertThat(create(
                        SeedRestriction.SECRETS,
                        "kube-system",
                        token,
                        "{" + type + ",'data':{" + usages + ",'auth-extra-groups':null}}"))
                .isEqualTo(Verdict.invalid("\"auth-extra-groups\" must not be set"));
        // no description: no kind
        assertThat(create(SeedRestriction.SECRETS, "kube-system", token, "{" + type + ",'data':{" + usages + "}}"))
                .isEqualTo(Verdict.badRequest("unknown kind \"\" found in bootstrap token secret description \"\""));
        // data that is not base64 does not decode: Go's decoder fails, a 400
        Verdict notBase64 = create(
                SeedRestriction.SECRETS,
                "kube-system",
                token,
                "{" + type + ",'data':{'usage-bootstrap-authentication':'true!'}}");
        assertThat(notBase64.code()).isEqualTo(400);
        assertThat(notBase64.allowed()).isFalse();
    }

    /** Backup credentials of ManagedSeeds: Go's seed template is nil only without a seedConfig. */
    @Test
    void managedSeedBackupSecretsWithoutSeedTemplateParts() {
        lookup.put(
                SeedRestriction.MANAGED_SEEDS,
                json(
                        "{'metadata':{'namespace':'garden','name':'ms-a'},"
                                + "'spec':{'shoot':{'name':'shoot-ms'},'gardenlet':{'config':{'seedConfig':{'metadata':{}}}}}}"));
        lookup.put(
                SeedRestriction.MANAGED_SEEDS,
                json(
                        "{'metadata':{'namespace':'garden','name':'ms-b'},"
                                + "'spec':{'shoot':{'name':'shoot-ms'},'gardenlet':{'config':{'seedConfig':{'spec':{'backup':{}}}}}}}"));
        assertThat(create(SeedRestriction.SECRETS, "garden", "unrelated", "{}")).isEqualTo(Verdict.forbidden(NOT_OWN));
        for (String gardenlet : new String[] {
            "",
            ",'gardenlet':null",
            ",'gardenlet':{}",
            ",'gardenlet':{'config':{}}",
            ",'gardenlet':{'config':{'seedConfig':null}}"
        }) {
            lookup.put(
                    SeedRestriction.MANAGED_SEEDS,
                    json("{'metadata':{'namespace':'garden','name':'ms-c'},'spec':{'shoot':{'name':'shoot-ms'}"
                            + gardenlet + "}}"));
            assertThat(create(SeedRestriction.SECRETS, "garden", "unrelated", "{}"))
                    .as(gardenlet)
                    .isEqualTo(Verdict.internal("seed template is nil for ManagedSeed \"ms-c\""));
        }
    }

    @Test
    void seedDeletionOfAManagedSeedWithoutShoot() {
        lookup.put(
                SeedRestriction.MANAGED_SEEDS,
                json("{'metadata':{'namespace':'garden','name':'ms-x','deletionTimestamp':'2026-01-01T00:00:00Z'},"
                        + "'spec':{}}"));
        assertThat(plugin.review(at(GARDENLET, SeedRestriction.SEEDS, Operation.DELETE, "", "ms-x", null))
                        .result())
                .isEqualTo(Verdict.forbidden(NOT_OWN));
        // Go looks a shoot up as soon as spec.shoot is set, even with an empty name
        lookup.put(
                SeedRestriction.MANAGED_SEEDS,
                json("{'metadata':{'namespace':'garden','name':'ms-x','deletionTimestamp':'2026-01-01T00:00:00Z'},"
                        + "'spec':{'shoot':{}}}"));
        assertThat(plugin.review(at(GARDENLET, SeedRestriction.SEEDS, Operation.DELETE, "", "ms-x", null))
                        .result())
                .isEqualTo(Verdict.internal(notFound(SeedRestriction.SHOOTS, "")));
    }

    @Test
    void bootstrappingOfManagedSeedsWithoutShootStatusOrAnnotations() {
        lookup.put(SeedRestriction.MANAGED_SEEDS, json("{'metadata':{'namespace':'garden','name':'ms-bare'}}"));
        assertThat(create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "gardenlet-bootstrap-ms-bare", "{}"))
                .isEqualTo(Verdict.internal(notFound(SeedRestriction.SHOOTS, "")));
        lookup.put(
                SeedRestriction.MANAGED_SEEDS,
                json("{'metadata':{'namespace':'garden','name':'ms-new','annotations':null},"
                        + "'spec':{'shoot':{'name':'shoot-ms'}}}"));
        // no Seed yet
        assertThat(create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "gardenlet-bootstrap-ms-new", "{}"))
                .isEqualTo(Verdict.ALLOWED);
        // a Seed without status (no certificate expiration) and no renew annotation: bootstrapped
        lookup.put(SeedRestriction.SEEDS, json("{'metadata':{'name':'ms-new'}}"));
        assertThat(create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "gardenlet-bootstrap-ms-new", "{}"))
                .isEqualTo(Verdict.badRequest("managed seed garden/ms-new is already bootstrapped"));
        lookup.put(SeedRestriction.SEEDS, json("{'metadata':{'name':'ms-new'},'status':{}}"));
        assertThat(create(SeedRestriction.SERVICE_ACCOUNTS, "garden", "gardenlet-bootstrap-ms-new", "{}"))
                .isEqualTo(Verdict.badRequest("managed seed garden/ms-new is already bootstrapped"));
    }
}
