package cloud.gardener.apiserver.endpoints.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.options.WriteOptions.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WriteOptionsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                // operation | query | dryRun | fieldManager | fieldValidation | force
                "CREATE|fieldManager=kubectl-create&fieldValidation=Strict|false|kubectl-create|STRICT|null",
                "CREATE|''|false|''|WARN|null",
                "UPDATE|dryRun=All&fieldValidation=Ignore|true|''|IGNORE|null",
                "UPDATE|fieldValidation=Warn&force=true|false|''|WARN|null",
                "PATCH|fieldManager=kubectl-edit|false|kubectl-edit|WARN|null",
                "APPLY_PATCH|fieldManager=kubectl&force=false|false|kubectl|WARN|false",
                "APPLY_PATCH|fieldManager=kubectl&force=true&dryRun=All&dryRun=All|true|kubectl|WARN|true",
                "APPLY_PATCH|fieldManager=kubectl&force=|false|kubectl|WARN|true"
            })
    void parses(
            Operation op,
            String query,
            boolean dryRun,
            String fieldManager,
            FieldValidation validation,
            Boolean force) {
        assertThat(WriteOptions.parse(Queries.of(query), op))
                .isEqualTo(new WriteOptions(dryRun, fieldManager, validation, force));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "APPLY_PATCH|''|PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch",
                "PATCH|force=false|PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch",
                "CREATE|dryRun=Some|CreateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: []string{\"Some\"}: supported values: \"All\"",
                "UPDATE|dryRun=All&dryRun=x|UpdateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: []string{\"All\", \"x\"}: supported values: \"All\"",
                "CREATE|dryRun=|CreateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: []string{\"\"}: supported values: \"All\"",
                "CREATE|fieldValidation=strict|CreateOptions.meta.k8s.io \"\" is invalid: fieldValidation: Unsupported value: \"strict\": supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"",
                "APPLY_PATCH|fieldValidation=x&dryRun=y|PatchOptions.meta.k8s.io \"\" is invalid: [fieldManager: Required value: is required for apply patch, dryRun: Unsupported value: []string{\"y\"}: supported values: \"All\", fieldValidation: Unsupported value: \"x\": supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"]"
            })
    void invalidOptionsAre422(Operation op, String query, String message) {
        assertThatThrownBy(() -> WriteOptions.parse(Queries.of(query), op))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(422);
                    assertThat(e.status().details().kind()).isEqualTo(op.kind());
                    assertThat(e.status().details().group()).isEqualTo("meta.k8s.io");
                })
                .hasMessage(message);
    }

    @Test
    void fieldManagerLengthAndPrintability() {
        WriteOptions.parse(Queries.of("fieldManager=" + "m".repeat(128)), Operation.CREATE);
        assertThatThrownBy(() -> WriteOptions.parse(Queries.of("fieldManager=" + "m".repeat(129)), Operation.CREATE))
                .hasMessage(
                        "CreateOptions.meta.k8s.io \"\" is invalid: fieldManager: Too long: may not be more than 128 bytes");
        // bytes, not characters
        assertThatThrownBy(() -> WriteOptions.parse(Queries.of("fieldManager=" + "é".repeat(65)), Operation.CREATE))
                .hasMessageContaining("may not be more than 128 bytes");
        assertThatThrownBy(() -> WriteOptions.parse(Queries.of("fieldManager=ab\u0007c"), Operation.UPDATE))
                .hasMessage("UpdateOptions.meta.k8s.io \"\" is invalid: fieldManager: Invalid value: \"ab\\ac\": "
                        + "invalid character U+0007 (at position 2)");
        assertThatThrownBy(() -> WriteOptions.parse(Queries.of("fieldManager=é\t"), Operation.UPDATE))
                .hasMessage("UpdateOptions.meta.k8s.io \"\" is invalid: fieldManager: Invalid value: \"é\\t\": "
                        + "invalid character U+0009 (at position 2)");
    }

    @Test
    void fieldValidationDefaultsToWarn() {
        assertThat(FieldValidation.of(null)).isEqualTo(FieldValidation.WARN);
        assertThat(FieldValidation.of("")).isEqualTo(FieldValidation.WARN);
        assertThat(FieldValidation.of("Strict")).isEqualTo(FieldValidation.STRICT);
        assertThat(new WriteOptions(false, "", FieldValidation.WARN, true).forced())
                .isTrue();
        assertThat(new WriteOptions(false, "", FieldValidation.WARN, null).forced())
                .isFalse();
    }
}
