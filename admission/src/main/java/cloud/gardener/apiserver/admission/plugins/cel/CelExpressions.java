package cloud.gardener.apiserver.admission.plugins.cel;

import cloud.gardener.apiserver.admission.Attributes;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationResult;
import dev.cel.common.types.CelType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.values.NullValue;
import dev.cel.compiler.CelCompilerBuilder;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CEL as the admission plugins use it (Google's CEL for Java, with the strings, sets and optional extensions that
 * Kubernetes' environment has too, not Kubernetes' own libraries): expressions compiled once per result type and
 * variable names (every variable dynamically typed, as JSON objects are), evaluated over JSON turned into CEL
 * values, with k8s.io/apiserver's wording of compile and evaluation errors.
 */
public final class CelExpressions {

    /**
     * A value, or why there is none ({@code compilation error: ...} or
     * {@code expression '...' resulted in error: ...}).
     */
    public record Result(Object value, String error) {

        public boolean failed() {
            return error != null;
        }
    }

    private record Key(String expression, CelType resultType, List<String> variables) {}

    private static final CelRuntime RUNTIME = CelRuntimeFactory.legacyCelRuntimeBuilder()
            .addLibraries(CelExtensions.strings(), CelExtensions.sets(CelOptions.DEFAULT), CelExtensions.optional())
            .build();
    /** Compiled programs; a compile error is kept as its message. */
    private static final Map<Key, Object> PROGRAMS = new ConcurrentHashMap<>();

    private CelExpressions() {}

    /** Evaluates the expression with the given variables (all declared dynamically typed). */
    public static Result evaluate(String expression, CelType resultType, Map<String, Object> variables) {
        Key key = new Key(expression, resultType, List.copyOf(new TreeSet<>(variables.keySet())));
        Object program = PROGRAMS.computeIfAbsent(key, CelExpressions::compile);
        if (program instanceof String compileError) {
            return new Result(null, "compilation error: " + compileError);
        }
        try {
            return new Result(((CelRuntime.Program) program).eval(variables), null);
        } catch (CelEvaluationException e) {
            return new Result(null, "expression '" + expression + "' resulted in error: " + goWording(e));
        }
    }

    /** The compile error of an expression with these variables, or null when it compiles. */
    public static String compileError(String expression, CelType resultType, List<String> variables) {
        Key key = new Key(expression, resultType, List.copyOf(new TreeSet<>(variables)));
        return PROGRAMS.computeIfAbsent(key, CelExpressions::compile) instanceof String error ? error : null;
    }

    /** {@code object}, {@code oldObject} and {@code request}: the variables every admission expression sees. */
    public static Map<String, Object> requestVariables(Attributes a) {
        Map<String, Object> variables = new HashMap<>();
        variables.put("object", value(a.object()));
        variables.put("oldObject", value(a.oldObject()));
        variables.put("request", value(AdmissionRequest.withoutObjects(a)));
        return variables;
    }

    private static Object compile(Key key) {
        CelCompilerBuilder builder = CelCompilerFactory.standardCelCompilerBuilder()
                .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
                .setResultType(key.resultType())
                // the extensions Kubernetes' CEL environment has too
                .addLibraries(
                        CelExtensions.strings(), CelExtensions.sets(CelOptions.DEFAULT), CelExtensions.optional());
        key.variables().forEach(name -> builder.addVar(name, SimpleType.DYN));
        CelValidationResult result = builder.build().compile(key.expression());
        if (result.hasError()) {
            return result.getErrorString();
        }
        try {
            return RUNTIME.createProgram(result.getAst());
        } catch (Exception e) {
            return String.valueOf(e.getMessage());
        }
    }

    /**
     * The evaluation error as cel-go words the common cases: without cel-java's position prefix, and a missing map
     * key as {@code no such key: <key>}.
     */
    private static String goWording(CelEvaluationException e) {
        String message = String.valueOf(e.getMessage()).replaceFirst("^evaluation error at [^:]*:\\d+: ", "");
        return message.replaceFirst("^key '(.*)' is not present in map\\.$", "no such key: $1");
    }

    /** JSON as CEL values: maps, lists, strings, int64, double, bool and null. */
    public static Object value(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return NullValue.NULL_VALUE;
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
