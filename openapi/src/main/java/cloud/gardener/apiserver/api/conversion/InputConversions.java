package cloud.gardener.apiserver.api.conversion;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * The conversion of each kind and version whose trip through Go's internal version changes what is stored;
 * the other kinds convert field for field. ControllerDeployment's versions are the registry's
 * {@code ControllerDeploymentConversion} and a Project's member roles are normalised by its strategy; the audit of
 * every Gardener and Kubernetes conversion function is the table in {@code ConversionAuditTest}.
 */
public final class InputConversions {

    private static final InputConversion STRING_DATA = new StringDataConversion();

    private static final Map<GroupVersionKind, InputConversion> CONVERSIONS = Map.of(
            new GroupVersionKind("", "v1", "Secret"), STRING_DATA,
            new GroupVersionKind(StandardResources.CORE, "v1beta1", "InternalSecret"), STRING_DATA);

    private InputConversions() {}

    public static Optional<InputConversion> of(GroupVersionKind gvk) {
        return Optional.ofNullable(CONVERSIONS.get(gvk));
    }

    /**
     * The conversion of an object by its own {@code apiVersion} and {@code kind}: Go converts what it reads from
     * storage as well, so an object stored with {@code stringData} (by an older server) is read merged.
     */
    public static Optional<InputConversion> forObject(JsonNode obj) {
        String apiVersion = obj.path("apiVersion").asText("");
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        return of(new GroupVersionKind(
                group, apiVersion.substring(slash + 1), obj.path("kind").asText("")));
    }
}
