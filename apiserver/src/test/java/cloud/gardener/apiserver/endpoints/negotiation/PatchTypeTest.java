package cloud.gardener.apiserver.endpoints.negotiation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PatchTypeTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "application/json-patch+json|JSON_PATCH|false",
                "application/merge-patch+json|MERGE_PATCH|false",
                "application/merge-patch+json; charset=UTF-8|MERGE_PATCH|false",
                "application/strategic-merge-patch+json|STRATEGIC_MERGE|false",
                "application/apply-patch+yaml|APPLY|true",
                "application/apply-patch+yaml;x=y|APPLY|true"
            })
    void recognisesPatchTypes(String contentType, PatchType expected, boolean apply) {
        assertThat(PatchType.fromContentType(contentType)).isEqualTo(expected);
        assertThat(expected.isApply()).isEqualTo(apply);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "null",
                "''",
                "application/json",
                "Application/Merge-Patch+json",
                "'application/merge-patch+json ;charset=utf-8'",
                "' application/merge-patch+json'",
                "application/apply-patch+cbor",
                ";application/merge-patch+json"
            })
    void rejectsOthersExactlyAsKubernetes(String contentType) {
        assertThatThrownBy(() -> PatchType.fromContentType(contentType))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(415);
                    assertThat(e.getMessage())
                            .isEqualTo("the body of the request was in an unknown format - "
                                    + "accepted media types include: application/json-patch+json, "
                                    + "application/merge-patch+json, application/strategic-merge-patch+json, "
                                    + "application/apply-patch+yaml");
                });
    }
}
