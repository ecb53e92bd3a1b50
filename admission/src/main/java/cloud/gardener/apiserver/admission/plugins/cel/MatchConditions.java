package cloud.gardener.apiserver.admission.plugins.cel;

import dev.cel.common.types.SimpleType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code matchConditions} of a webhook or admission policy: CEL expressions that must all be true for it to
 * apply, evaluated as k8s.io/apiserver's {@code matchconditions} matcher does: any false skips it; errors (and no
 * false) follow the failure policy.
 */
public final class MatchConditions {

    /** The outcome: applies, is skipped, or refuses the request with the evaluation errors. */
    public record Outcome(boolean matches, String error) {}

    /** One condition as configured. */
    public record Condition(String name, String expression) {}

    private MatchConditions() {}

    /** Evaluates the conditions over the variables ({@link CelExpressions#requestVariables} and any others). */
    public static Outcome evaluate(List<Condition> conditions, boolean failOpen, Map<String, Object> variables) {
        if (conditions.isEmpty()) {
            return new Outcome(true, null);
        }
        List<String> errors = new ArrayList<>();
        for (Condition condition : conditions) {
            CelExpressions.Result result = CelExpressions.evaluate(condition.expression(), SimpleType.BOOL, variables);
            if (result.failed()) {
                errors.add(result.error());
            } else if (Boolean.FALSE.equals(result.value())) {
                return new Outcome(false, null);
            }
        }
        if (errors.isEmpty()) {
            return new Outcome(true, null);
        }
        return failOpen
                ? new Outcome(false, null)
                : new Outcome(false, errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]");
    }
}
