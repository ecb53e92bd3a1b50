package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.plugins.webhook.ManifestDocument;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Policies and bindings read once at start-up from the {@code staticManifestsDir} of a
 * {@code ValidatingAdmissionPolicyConfiguration}, checked as k8s.io/apiserver's policy manifest loader checks
 * them: only v1 ValidatingAdmissionPolicies and bindings, names ending in {@code .static.k8s.io} and unique, no
 * params, and every binding naming a policy of the directory. Any violation stops the server with the file named.
 */
final class StaticPolicies {

    static final String SUFFIX = ".static.k8s.io";
    private static final String API_VERSION = PolicySource.GROUP + "/v1";

    /** The policies and bindings read. */
    record Loaded(List<JsonNode> policies, List<JsonNode> bindings) {}

    private StaticPolicies() {}

    static Loaded load(Path dir) {
        List<JsonNode> policies = new ArrayList<>();
        List<JsonNode> bindings = new ArrayList<>();
        Map<String, Path> seenPolicies = new HashMap<>();
        Map<String, Path> seenBindings = new HashMap<>();
        for (ManifestDocument document : ManifestDocument.read(dir)) {
            JsonNode object = document.object();
            String kind = object.path("kind").asText("");
            boolean v1 = API_VERSION.equals(object.path("apiVersion").asText());
            String name = object.path("metadata").path("name").asText("");
            if (v1 && kind.equals("ValidatingAdmissionPolicy")) {
                checkName(name, document.file(), seenPolicies);
                if (object.path("spec").path("paramKind").isObject()) {
                    throw error(
                            document.file(),
                            "ValidatingAdmissionPolicy \"" + name
                                    + "\": spec.paramKind is not supported for static manifests");
                }
                policies.add(object);
            } else if (v1 && kind.equals("ValidatingAdmissionPolicyBinding")) {
                checkName(name, document.file(), seenBindings);
                String policyName = object.path("spec").path("policyName").asText("");
                if (policyName.isEmpty()) {
                    throw error(document.file(), "binding \"" + name + "\" must reference a policy (spec.policyName)");
                }
                if (!policyName.endsWith(SUFFIX)) {
                    throw error(
                            document.file(),
                            "binding \"" + name + "\": spec.policyName \"" + policyName + "\" must end with \"" + SUFFIX
                                    + "\"");
                }
                if (object.path("spec").path("paramRef").isObject()) {
                    throw error(
                            document.file(),
                            "binding \"" + name + "\": spec.paramRef is not supported for static manifests");
                }
                bindings.add(object);
            } else {
                throw error(
                        document.file(),
                        "unsupported resource type " + object.path("apiVersion").asText()
                                + ", Kind=" + kind
                                + "; only admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and "
                                + "ValidatingAdmissionPolicyBinding are supported");
            }
        }
        Set<String> policyNames = new HashSet<>(seenPolicies.keySet());
        for (JsonNode binding : bindings) {
            String policyName = binding.path("spec").path("policyName").asText();
            if (!policyNames.contains(policyName)) {
                throw new IllegalArgumentException(
                        "binding \"" + binding.path("metadata").path("name").asText() + "\" references policy \""
                                + policyName + "\" which does not exist in the manifest directory");
            }
        }
        return new Loaded(policies, bindings);
    }

    private static void checkName(String name, Path file, Map<String, Path> seen) {
        if (name.isEmpty()) {
            throw error(file, "resource in file \"" + file + "\" must have a name");
        }
        if (!name.endsWith(SUFFIX)) {
            throw error(
                    file, "\"" + name + "\" in file \"" + file + "\" must have a name ending with \"" + SUFFIX + "\"");
        }
        Path earlier = seen.put(name, file);
        if (earlier != null) {
            throw error(
                    file,
                    "duplicate name \"" + name + "\" found in file \"" + file + "\" (previously seen in \"" + earlier
                            + "\")");
        }
    }

    private static IllegalArgumentException error(Path file, String message) {
        return new IllegalArgumentException("error loading " + file + ": " + message);
    }
}
