package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.List;
import org.junit.jupiter.api.Test;

class OciRepositoryRulesTest {

    private static final FieldPath AT = FieldPath.of("helm", "ociRepository");

    private static List<String> fields(List<FieldError> errs) {
        return errs.stream().map(e -> e.type() + " " + e.field()).toList();
    }

    @Test
    void aRefStandsAloneAndEverythingBesideItIsForbiddenInNameOrder() {
        assertThat(fields(OciRepositoryRules.validate("oci://r/c:1", "r/c", "1", "sha256:ab", AT)))
                .containsExactly(
                        "FORBIDDEN helm.ociRepository.digest",
                        "FORBIDDEN helm.ociRepository.repository",
                        "FORBIDDEN helm.ociRepository.tag");
        assertThat(OciRepositoryRules.validate("oci://r/c:1", "", null, null, AT))
                .isEmpty();
    }

    @Test
    void aRepositoryNeedsATagOrASha256Digest() {
        assertThat(OciRepositoryRules.validate(null, "r/c", "1.0.0", null, AT)).isEmpty();
        assertThat(fields(OciRepositoryRules.validate(null, "r/c", null, null, AT)))
                .containsExactly("REQUIRED helm.ociRepository");
        assertThat(fields(OciRepositoryRules.validate(null, "r/c", null, "md5:ab", AT)))
                .containsExactly("INVALID helm.ociRepository.digest");
        assertThat(fields(OciRepositoryRules.validate(null, null, null, null, AT)))
                .containsExactly("REQUIRED helm.ociRepository");
    }
}
