package cloud.gardener.apiserver.registry.core;

import cloud.gardener.apiserver.api.defaults.NamespaceDefaults;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Namespaces as kube-apiserver keeps them: the {@code kubernetes} finalizer in the spec, phase
 * Active, and Terminating once deletion starts; the label {@code kubernetes.io/metadata.name} always holds the
 * name. The name is an RFC 1123 label.
 */
public final class NamespaceStrategy implements ResourceStrategy {

    private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    public static final String KUBERNETES_FINALIZER = "kubernetes";

    @Override
    public void prepareForCreate(ObjectNode obj) {
        ObjectNode spec = obj.withObjectProperty("spec");
        if (!spec.has("finalizers")) {
            spec.putArray("finalizers").add(KUBERNETES_FINALIZER);
        }
        obj.putObject("status").put("phase", "Active");
    }

    @Override
    public void prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        if (ObjectTrees.isDeleting(obj)) {
            obj.withObjectProperty("status").put("phase", "Terminating");
        }
    }

    /**
     * The name label once more after validation, as kube's namespace strategy canonicalizes: a name drawn from
     * generateName was unknown when the object was defaulted.
     */
    @Override
    public void canonicalize(ObjectNode obj) {
        NamespaceDefaults.setNameLabel(ObjectTrees.meta(obj), ObjectTrees.name(obj));
    }

    @Override
    public List<String> extraFinalizers(ObjectNode obj) {
        List<String> out = new java.util.ArrayList<>();
        obj.path("spec").path("finalizers").forEach(f -> out.add(f.asText()));
        return out;
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }

    @Override
    public List<FieldError> validate(ObjectNode obj) {
        String name = ObjectTrees.name(obj);
        if (name.isEmpty()) {
            // ValidateObjectMeta's first word on a name, before the name rule
            return List.of(FieldError.required("metadata.name", "name or generateName is required"));
        }
        if (name.length() > 63 || !DNS1123_LABEL.matcher(name).matches()) {
            return List.of(FieldError.invalid(
                    "metadata.name",
                    name,
                    name.length() > 63
                            ? "must be no more than 63 characters"
                            : "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and "
                                    + "must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used "
                                    + "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"));
        }
        return List.of();
    }
}
