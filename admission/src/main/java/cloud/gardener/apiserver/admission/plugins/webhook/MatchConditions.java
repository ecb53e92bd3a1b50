package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cel.common.CelValidationResult;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A webhook's {@code matchConditions}: CEL expressions over {@code object}, {@code oldObject} and {@code request}
 * that must all be true for the webhook to be called, evaluated as k8s.io/apiserver's {@code matchconditions}
 * matcher does: any false skips the webhook; errors (and no false) follow the failure policy.
 */
final class MatchConditions {

    /** The outcome: call the webhook, skip it, or refuse the request with the evaluation errors. */
    record Outcome(boolean matches, String error) {
    }

    /** One condition as configured. */
    record Condition(String name, String expression) {
    }

    private static final CelCompiler COMPILER = CelCompilerFactory.standardCelCompilerBuilder()
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addVar("object", SimpleType.DYN).addVar("oldObject", SimpleType.DYN).addVar("request", SimpleType.DYN)
            .setResultType(SimpleType.BOOL).build();
    private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().build();
    /** Compiled programs by expression; a compile error is kept as its message. */
    private static final Map<String, Object> PROGRAMS = new ConcurrentHashMap<>();

    private MatchConditions() {
    }

    static Outcome evaluate(List<Condition> conditions, boolean failOpen, Attributes a) {
        if (conditions.isEmpty()) {
            return new Outcome(true, null);
        }
        Map<String, Object> variables = new HashMap<>();
        variables.put("object", value(a.object()));
        variables.put("oldObject", value(a.oldObject()));
        ObjectNode request = (ObjectNode) AdmissionReviewBody.of("admission.k8s.io/v1", "", a).path("request");
        request.remove(List.of("object", "oldObject"));
        variables.put("request", value(request));
        List<String> errors = new ArrayList<>();
        for (Condition condition : conditions) {
            Object program = PROGRAMS.computeIfAbsent(condition.expression(), MatchConditions::compile);
            if (program instanceof String compileError) {
                errors.add("compilation failed: " + compileError);
                continue;
            }
            try {
                Object result = ((CelRuntime.Program) program).eval(variables);
                if (Boolean.FALSE.equals(result)) {
                    return new Outcome(false, null);
                }
            } catch (CelEvaluationException e) {
                errors.add("expression '" + condition.expression() + "' resulted in error: " + e.getMessage());
            }
        }
        if (errors.isEmpty()) {
            return new Outcome(true, null);
        }
        return failOpen ? new Outcome(false, null)
                : new Outcome(false, errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]");
    }

    private static Object compile(String expression) {
        CelValidationResult result = COMPILER.compile(expression);
        if (result.hasError()) {
            return result.getErrorString();
        }
        try {
            return RUNTIME.createProgram(result.getAst());
        } catch (Exception e) {
            return String.valueOf(e.getMessage());
        }
    }

    /** JSON as CEL values: maps, lists, strings, int64, double, bool and null. */
    private static Object value(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return dev.cel.common.values.NullValue.NULL_VALUE;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(e -> map.put(e.getKey(), value(e.getValue())));
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(item -> list.add(value(item)));
            return list;
        }
        if (node.isIntegralNumber()) {
            return node.asLong();
        }
        if (node.isNumber()) {
            return node.asDouble();
        }
        if (node.isBoolean()) {
            return node.asBoolean();
        }
        return node.asText();
    }
}
