package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The generic ValidatingAdmissionPolicy plugin: the CEL policies of {@code admissionregistration.k8s.io/v1}
 * ValidatingAdmissionPolicies and their bindings, from the static manifests of the plugin's
 * {@code ValidatingAdmissionPolicyConfiguration} ({@code staticManifestsDir}) and from the API (the virtual garden's
 * in cluster mode; a standalone server serves none). Requests about policies and bindings themselves are seen by
 * static policies only, so that API-registered ones cannot lock themselves in.
 */
public final class ValidatingAdmissionPolicy extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ValidatingAdmissionPolicy";

    private static final Set<String> POLICY_RESOURCES = Set.of(
            "validatingadmissionpolicies",
            "validatingadmissionpolicybindings",
            "mutatingadmissionpolicies",
            "mutatingadmissionpolicybindings");

    private final ObjectLookup objects;
    private final PolicySource source;

    public ValidatingAdmissionPolicy(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE, Operation.CONNECT);
        this.objects = context.objects();
        StaticPolicies.Loaded manifests = manifests(context.configuration());
        this.source = new PolicySource(objects, manifests.policies(), manifests.bindings());
    }

    private static StaticPolicies.Loaded manifests(JsonNode configuration) {
        String dir = configuration == null
                ? ""
                : configuration.path("staticManifestsDir").asText("");
        if (dir.isEmpty()) {
            return new StaticPolicies.Loaded(List.of(), List.of());
        }
        Path path = Path.of(dir);
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException(
                    "staticManifestsDir: Invalid value: \"" + dir + "\": must be an absolute file path");
        }
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException(
                    "staticManifestsDir: Invalid value: \"" + dir + "\": must be a directory");
        }
        return StaticPolicies.load(path);
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (a.resource().group().equals(PolicySource.GROUP)
                && POLICY_RESOURCES.contains(a.resource().resource())) {
            return PolicyDispatcher.dispatch(objects, a, source.staticHooks());
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        return source.hooks().compose(hooks -> PolicyDispatcher.dispatch(objects, a, hooks));
    }
}
