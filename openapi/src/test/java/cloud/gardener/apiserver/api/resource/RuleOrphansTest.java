package cloud.gardener.apiserver.api.resource;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.rulefixture.ExposureClasRule;
import cloud.gardener.apiserver.api.resource.rulefixture.ExposureClassRule;
import cloud.gardener.apiserver.api.resource.rulefixture.ExposureClassRules;
import cloud.gardener.apiserver.api.resource.rulefixture.Rule;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The guard finds the rules a misnamed class would silently leave out, and only those. */
class RuleOrphansTest {

    private static final String FIXTURES = "cloud.gardener.apiserver.api.resource.rulefixture";
    private static final RuleClasses RULES = new RuleClasses(Rule.class, "Rule", List.of(FIXTURES));

    private static List<String> orphans(Set<Class<?>> madeOtherwise) {
        return RuleOrphans.of(
                RULES,
                definition -> RULES.of(definition).stream(),
                madeOtherwise,
                new ClassFileImporter().importPackages(FIXTURES));
    }

    @Test
    void aRuleNamedAfterNoKindOrWithAnotherSuffixIsAnOrphan() {
        assertThat(RULES.of(Kinds.EXPOSURE_CLASS)).contains(ExposureClassRule.class);
        // the abstract base, the interface and the helper that is no rule are not rules of their own
        assertThat(orphans(Set.of()))
                .containsExactly(ExposureClasRule.class.getName(), ExposureClassRules.class.getName());
    }

    @Test
    void aRuleTheLookupMakesByHandIsNoOrphan() {
        assertThat(orphans(Set.of(ExposureClasRule.class, ExposureClassRules.class)))
                .isEmpty();
    }
}
