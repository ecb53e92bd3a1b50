package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.plugins.cel.CelExpressions;
import dev.cel.common.types.SimpleType;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code variables} of a policy's expressions, evaluated lazily and at most once per evaluation as
 * k8s.io/apiserver's composition environment does: a variable sees the others (and the same activation) and its
 * failure surfaces only in the expressions that use it.
 */
final class CompositedVariables extends AbstractMap<String, Object> {

    private final Map<String, String> expressions = new LinkedHashMap<>();
    private final Map<String, Object> activation;
    private final Map<String, CelExpressions.Result> results = new HashMap<>();

    /** @param activation the other variables; {@code variables} is added to it as this map */
    CompositedVariables(Iterable<Policy.Variable> variables, Map<String, Object> activation) {
        variables.forEach(v -> expressions.put(v.name(), v.expression()));
        this.activation = activation;
        activation.put("variables", this);
    }

    @Override
    public boolean containsKey(Object key) {
        return expressions.containsKey(key);
    }

    @Override
    public Object get(Object key) {
        String expression = expressions.get(key);
        if (expression == null) {
            return null;
        }
        String name = (String) key;
        CelExpressions.Result result = results.get(name);
        if (result == null) {
            // a placeholder first, so that a variable using itself fails instead of recursing
            results.put(name, new CelExpressions.Result(null, "variable refers to itself"));
            result = CelExpressions.evaluate(expression, SimpleType.DYN, activation);
            results.put(name, result);
        }
        if (result.failed()) {
            String compileError =
                    CelExpressions.compileError(expression, SimpleType.DYN, List.copyOf(activation.keySet()));
            throw new IllegalStateException("composited variable \"" + name + "\" fails to "
                    + (compileError != null ? "compile: " + compileError : "evaluate: " + result.error()));
        }
        return result.value();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        Map<String, Object> all = new LinkedHashMap<>();
        expressions.keySet().forEach(name -> all.put(name, get(name)));
        return all.entrySet();
    }
}
