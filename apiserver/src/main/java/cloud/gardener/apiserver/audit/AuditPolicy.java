package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * An {@code audit.k8s.io/v1} Policy ({@code --audit-policy-file}): the first rule matching a request decides its
 * level; a request no rule matches is not audited.
 */
public record AuditPolicy(List<PolicyRule> rules, Set<Stage> omitStages, boolean omitManagedFields) {

    public static final String API_VERSION = "audit.k8s.io/v1";

    /** What the policy says about one request. */
    public record Decision(Level level, Set<Stage> omitStages, boolean omitManagedFields) {
        static final Decision NONE = new Decision(Level.NONE, Set.of(), false);
    }

    public AuditPolicy {
        rules = List.copyOf(rules);
        omitStages = Set.copyOf(omitStages);
    }

    public Decision evaluate(UserInfo user, RequestInfo request) {
        for (PolicyRule rule : rules) {
            if (rule.matches(user, request)) {
                Set<Stage> omitted = EnumSet.noneOf(Stage.class);
                omitted.addAll(omitStages);
                omitted.addAll(rule.omitStages());
                return new Decision(
                        rule.level(),
                        Set.copyOf(omitted),
                        rule.omitManagedFields() != null ? rule.omitManagedFields() : omitManagedFields);
            }
        }
        return Decision.NONE;
    }

    /** Reads a policy file (YAML or JSON), refusing what upstream's reader and validation refuse. */
    public static AuditPolicy read(Path file) throws IOException {
        JsonNode doc = Json.YAML.readTree(Files.readAllBytes(file));
        try {
            return parse(doc);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("failed to load audit policy from " + file + ": " + e.getMessage(), e);
        }
    }

    static AuditPolicy parse(JsonNode doc) {
        if (doc == null || !doc.isObject()) {
            throw new IllegalArgumentException("not a Policy object");
        }
        String apiVersion = doc.path("apiVersion").asText("");
        String kind = doc.path("kind").asText("");
        if (!API_VERSION.equals(apiVersion) || !"Policy".equals(kind)) {
            throw new IllegalArgumentException("unknown group version kind " + apiVersion + ", Kind=" + kind + " (want "
                    + API_VERSION + ", Kind=Policy)");
        }
        List<String> errors = new ArrayList<>();
        Set<Stage> omitStages = stages(doc.path("omitStages"), "omitStages", errors);
        List<PolicyRule> rules = new ArrayList<>();
        JsonNode items = doc.path("rules");
        for (int i = 0; i < items.size(); i++) {
            rules.add(rule(items.get(i), "rules[" + i + "]", errors));
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", errors));
        }
        if (rules.isEmpty()) {
            throw new IllegalArgumentException("loaded illegal policy with 0 rules");
        }
        return new AuditPolicy(rules, omitStages, doc.path("omitManagedFields").asBoolean(false));
    }

    private static PolicyRule rule(JsonNode node, String path, List<String> errors) {
        Level level = Level.NONE;
        if (!node.hasNonNull("level")) {
            errors.add(path + ".level: Required value");
        } else {
            try {
                level = Level.parse(node.get("level").asText());
            } catch (IllegalArgumentException e) {
                errors.add(path + ".level: " + e.getMessage());
            }
        }
        List<PolicyRule.GroupResources> resources = new ArrayList<>();
        JsonNode groups = node.path("resources");
        for (int i = 0; i < groups.size(); i++) {
            JsonNode gr = groups.get(i);
            List<String> names = strings(gr.path("resourceNames"));
            List<String> plural = strings(gr.path("resources"));
            if (!names.isEmpty() && plural.isEmpty()) {
                errors.add(path + ".resources[" + i + "].resourceNames: Invalid value: " + names
                        + ": using resourceNames requires at least one resource");
            }
            resources.add(new PolicyRule.GroupResources(gr.path("group").asText(""), plural, names));
        }
        List<String> namespaces = strings(node.path("namespaces"));
        List<String> urls = strings(node.path("nonResourceURLs"));
        if (!urls.isEmpty() && (!resources.isEmpty() || !namespaces.isEmpty())) {
            errors.add(path + ".nonResourceURLs: Invalid value: " + urls
                    + ": rules cannot apply to both regular resources and non-resource URLs");
        }
        for (String url : urls) {
            if (url.length() > 1 && url.substring(0, url.length() - 1).contains("*")) {
                errors.add(path + ".nonResourceURLs: Invalid value: \"" + url
                        + "\": non-resource URL rules may only use wildcards at the end of the path");
            }
        }
        Boolean omitManagedFields = node.hasNonNull("omitManagedFields")
                ? node.get("omitManagedFields").asBoolean()
                : null;
        return new PolicyRule(
                level,
                strings(node.path("users")),
                strings(node.path("userGroups")),
                strings(node.path("verbs")),
                resources,
                namespaces,
                urls,
                stages(node.path("omitStages"), path + ".omitStages", errors),
                omitManagedFields);
    }

    private static Set<Stage> stages(JsonNode node, String path, List<String> errors) {
        Set<Stage> stages = EnumSet.noneOf(Stage.class);
        for (String s : strings(node)) {
            try {
                stages.add(Stage.parse(s));
            } catch (IllegalArgumentException e) {
                errors.add(path + ": " + e.getMessage());
            }
        }
        return stages;
    }

    private static List<String> strings(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.forEach(n -> out.add(n.asText()));
        return out;
    }
}
