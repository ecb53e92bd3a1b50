package cloud.gardener.apiserver.admission.validation.authentication;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import java.util.List;
import org.junit.jupiter.api.Test;

class KubeconfigRequestValidationTest {

    @Test
    void tenMinutesUpToMaxUint32AreValid() {
        assertThat(KubeconfigRequestValidation.validate(600L)).isEmpty();
        assertThat(KubeconfigRequestValidation.validate(3600L)).isEmpty();
        assertThat(KubeconfigRequestValidation.validate(4294967295L)).isEmpty();
    }

    @Test
    void lessThanTenMinutesIsInvalid() {
        List<FieldError> errs = KubeconfigRequestValidation.validate(599L);
        assertThat(errs).singleElement().satisfies(e -> {
            assertThat(e.type()).isEqualTo(FieldErrorType.INVALID);
            assertThat(e.toString())
                    .isEqualTo(
                            "spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes");
        });
        assertThat(KubeconfigRequestValidation.validate(null))
                .singleElement()
                .satisfies(e -> assertThat(e.badValue()).isEqualTo(0L));
    }

    @Test
    void moreThanMaxUint32IsTooLong() {
        List<FieldError> errs = KubeconfigRequestValidation.validate(4294967296L);
        assertThat(errs).singleElement().satisfies(e -> {
            assertThat(e.type()).isEqualTo(FieldErrorType.TOO_LONG);
            assertThat(e.toString())
                    .isEqualTo("spec.expirationSeconds: Too long: may not be more than 4294967295 bytes");
        });
    }
}
