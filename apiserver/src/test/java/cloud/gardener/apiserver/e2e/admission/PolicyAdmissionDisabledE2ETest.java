package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code --disable-admission-plugins=ValidatingAdmissionPolicy}: the static policies are configured but not applied. */
@Tag("integration")
class PolicyAdmissionDisabledE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER =
            new ApiServerExtension(config -> Fixtures.withoutShootGardenChecks(config, "ValidatingAdmissionPolicy")
                    .admissionConfigurations(Map.of("ValidatingAdmissionPolicy", PolicyAdmissionE2ETest.settings())));

    @Test
    void theGuardedShootIsCreatedWithoutWarnings() {
        TestClient admin = SERVER.admin();
        String namespace = createProjectNamespace(admin, "unpoliced");
        TestClient.Response created =
                admin.post(shoots(namespace), shootObject("guarded", "guarded", "true", "legacy", "true"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().allValues("Warning")).isEmpty();
    }
}
