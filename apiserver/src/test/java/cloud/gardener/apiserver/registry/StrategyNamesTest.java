package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.RuleOrphans;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Strategies are found by name: none is named so that no kind finds it. */
class StrategyNamesTest {

    @Test
    void everyStrategyIsFoundForItsKind() {
        assertThat(RuleOrphans.of(Strategies.RULES, definition -> Strategies.RULES.of(definition).stream(), Set.of()))
                .as("strategies no kind finds (misnamed?)")
                .isEmpty();
    }
}
