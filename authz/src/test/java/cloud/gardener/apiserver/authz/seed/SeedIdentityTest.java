package cloud.gardener.apiserver.authz.seed;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeedIdentityTest {

    @Test
    void gardenletIsRecognisedByGroupAndUserPrefix() {
        var identity = SeedIdentity.of(UserInfo.of(
                "gardener.cloud:system:seed:seed-a", List.of("gardener.cloud:system:seeds", "system:authenticated")));

        assertThat(identity).contains(new SeedIdentity("seed-a", SeedIdentity.Type.GARDENLET));
        assertThat(identity.get().seedNamespace()).isEqualTo("seed-seed-a");
    }

    @Test
    void gardenletNeedsBothGroupAndNonEmptySeedName() {
        assertThat(SeedIdentity.of(UserInfo.of("gardener.cloud:system:seed:seed-a", List.of("system:authenticated"))))
                .isEmpty();
        assertThat(SeedIdentity.of(UserInfo.of("gardener.cloud:system:seed:", List.of("gardener.cloud:system:seeds"))))
                .isEmpty();
        assertThat(SeedIdentity.of(UserInfo.of("alice", List.of("gardener.cloud:system:seeds"))))
                .isEmpty();
    }

    @Test
    void extensionServiceAccountInSeedNamespaceIsRecognised() {
        var identity = SeedIdentity.of(UserInfo.of(
                "system:serviceaccount:seed-seed-a:extension-provider-aws",
                List.of("system:serviceaccounts", "system:serviceaccounts:seed-seed-a", "system:authenticated")));

        assertThat(identity).contains(new SeedIdentity("seed-a", SeedIdentity.Type.EXTENSION));
        assertThat(identity.get().isExtension()).isTrue();
    }

    @Test
    void otherServiceAccountsAreNotSeedClients() {
        List<String> groups = List.of("system:serviceaccounts", "system:serviceaccounts:seed-seed-a");

        assertThat(SeedIdentity.of(UserInfo.of("system:serviceaccount:seed-seed-a:default", groups)))
                .isEmpty();
        assertThat(SeedIdentity.of(UserInfo.of(
                        "system:serviceaccount:garden:extension-x",
                        List.of("system:serviceaccounts", "system:serviceaccounts:garden"))))
                .isEmpty();
        assertThat(SeedIdentity.of(UserInfo.of(
                        "system:serviceaccount:seed-:extension-x",
                        List.of("system:serviceaccounts", "system:serviceaccounts:seed-"))))
                .isEmpty();
    }

    @Test
    void csrSubjectIsReadAsUserAndGroups() {
        assertThat(SeedIdentity.of("gardener.cloud:system:seed:seed-b", List.of("gardener.cloud:system:seeds")))
                .contains(new SeedIdentity("seed-b", SeedIdentity.Type.GARDENLET));
    }
}
