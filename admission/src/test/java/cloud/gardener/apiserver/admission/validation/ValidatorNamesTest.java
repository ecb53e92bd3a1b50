package cloud.gardener.apiserver.admission.validation;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.RuleOrphans;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Validators are found by name: none is named so that no kind's version finds it. */
class ValidatorNamesTest {

    @Test
    void everyValidatorIsFoundForAVersionOfItsKind() {
        assertThat(RuleOrphans.of(
                        Validators.RULES,
                        definition -> definition.type().versions().stream()
                                .filter(version -> definition.model(version).isPresent())
                                .flatMap(version -> Validators.RULES.of(definition, version).stream()),
                        Set.of()))
                .as("validators no kind's version finds (misnamed?)")
                .isEmpty();
    }
}
