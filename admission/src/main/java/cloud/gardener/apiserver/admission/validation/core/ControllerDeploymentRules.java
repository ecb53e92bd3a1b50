package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;

import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code ValidateControllerDeployment} over the internal shape both API versions convert to. */
final class ControllerDeploymentRules {

    /** The helm deployment: raw chart size, values and OCI repository fields (null when absent). */
    record Helm(int rawChartLength, JsonNode values, Oci oci) {}

    record Oci(String ref, String repository, String tag, String digest) {}

    private static final Pattern ALPHANUMERIC = Pattern.compile("[a-zA-Z0-9]+");
    private static final Pattern TEMPLATE = Pattern.compile("\\{\\{[^{}]*\\}\\}");
    private static final Pattern REFERENCE =
            Pattern.compile("\\{\\{\\s*\\.resources\\.(?<name>[a-zA-Z0-9]+)\\.data\\.[a-zA-Z0-9]+\\s*\\}\\}");

    private ControllerDeploymentRules() {}

    static List<FieldError> validate(
            ObjectMeta meta,
            String type,
            boolean hasProviderConfig,
            Helm helm,
            List<NamedResourceReference> resources) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validate(meta, false, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        if (helm != null) {
            errs.addAll(helm(helm, resources, FieldPath.of("helm")));
        }
        errs.addAll(CoreRules.resources(resources, FieldPath.of("resources"), false));
        List<NamedResourceReference> rs = CoreRules.list(resources);
        for (int i = 0; i < rs.size(); i++) {
            String name = CoreRules.text(rs.get(i).name());
            if (!ALPHANUMERIC.matcher(name).matches()) {
                errs.add(FieldError.invalid(
                        FieldPath.of("resources").index(i).child("name").toString(),
                        name,
                        "name must be alphanumeric"));
            }
        }
        if (helm != null) {
            if (!empty(type)) {
                errs.add(FieldError.forbidden(
                        "type", "must not provide type if a built-in deployment type (helm) is used"));
            }
            if (hasProviderConfig) {
                errs.add(FieldError.forbidden(
                        "providerConfig",
                        "must not provide providerConfig if a built-in deployment type (helm) is used"));
            }
        } else if (empty(type)) {
            errs.add(FieldError.forbidden("", "must use either helm or a custom deployment configuration"));
        }
        return errs;
    }

    private static List<FieldError> helm(Helm helm, List<NamedResourceReference> resources, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if ((helm.rawChartLength() == 0) == (helm.oci() == null)) {
            errs.add(FieldError.required(path.toString(), "must provide either rawChart or ociRepository"));
        }
        if (helm.oci() != null) {
            errs.addAll(OciRepositoryRules.validate(
                    helm.oci().ref(),
                    helm.oci().repository(),
                    helm.oci().tag(),
                    helm.oci().digest(),
                    path.child("ociRepository")));
        }
        if (helm.values() != null && !helm.values().isNull()) {
            errs.addAll(valuesTemplates(helm.values(), resources, path.child("values")));
        }
        return errs;
    }

    /** {@code ValidateValuesTemplates}: every {@code {{ }}} in a string value references a declared resource. */
    private static List<FieldError> valuesTemplates(
            JsonNode values, List<NamedResourceReference> resources, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> declared = new HashSet<>();
        CoreRules.list(resources).forEach(r -> declared.add(CoreRules.text(r.name())));
        walk(values, s -> {
            Matcher m = TEMPLATE.matcher(s);
            while (m.find()) {
                String match = m.group();
                Matcher ref = REFERENCE.matcher(match);
                if (!ref.matches()) {
                    errs.add(FieldError.invalid(
                            path.toString(),
                            match,
                            "template must match pattern \"{{ .resources.<name>.data.<key> }}\" with alphanumeric "
                                    + "<name> and <key>"));
                    continue;
                }
                String name = ref.group("name");
                if (!declared.contains(name)) {
                    errs.add(FieldError.invalid(
                            path.toString(),
                            match,
                            "template references resource \"" + name
                                    + "\" which is not declared in the resources list"));
                }
            }
            String stripped = TEMPLATE.matcher(s).replaceAll("");
            if (stripped.contains("{{")) {
                errs.add(FieldError.invalid(
                        path.toString(), "{{", "stray \"{{\" that does not start a valid template expression"));
            }
            if (stripped.contains("}}")) {
                errs.add(FieldError.invalid(
                        path.toString(), "}}", "stray \"}}\" that does not end a valid template expression"));
            }
        });
        return errs;
    }

    private static void walk(JsonNode node, java.util.function.Consumer<String> onString) {
        if (node.isTextual()) {
            onString.accept(node.textValue());
        } else if (node.isContainerNode()) {
            if (node.isObject()) {
                java.util.Map<String, JsonNode> sorted = new java.util.TreeMap<>();
                node.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
                sorted.values().forEach(v -> walk(v, onString));
            } else {
                node.forEach(v -> walk(v, onString));
            }
        }
    }
}
