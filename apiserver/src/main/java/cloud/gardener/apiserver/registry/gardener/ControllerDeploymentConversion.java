package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.registry.VersionConversion;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;

/**
 * ControllerDeployment between core.gardener.cloud/v1beta1 and the storage version v1, as Gardener converts through
 * its internal version: v1beta1 {@code type: helm} with a {@code providerConfig} of {@code chart}, {@code values} and
 * {@code ociRepository} is v1's {@code helm} (chart ⇔ rawChart); any other type, with its provider config, rides in
 * the {@code migration.controllerdeployment.gardener.cloud/*} annotations of v1. v1's {@code resources} has no
 * v1beta1 field and is lost there, as in Gardener.
 */
public final class ControllerDeploymentConversion implements VersionConversion {

    public static final String GROUP = StandardResources.CORE;
    public static final String STORAGE_VERSION = "v1";
    static final String TYPE_ANNOTATION = "migration.controllerdeployment.gardener.cloud/type";
    static final String PROVIDER_CONFIG_ANNOTATION = "migration.controllerdeployment.gardener.cloud/providerConfig";
    static final String HELM = "helm";

    @Override
    public ObjectNode toStorage(ObjectNode obj) {
        ObjectNode out = obj.deepCopy();
        if (!"v1beta1".equals(version(obj))) {
            return out;
        }
        out.put("apiVersion", GROUP + "/" + STORAGE_VERSION);
        String type = JsonTrees.text(obj, "type");
        JsonNode providerConfig = obj.get("providerConfig");
        boolean hasConfig = providerConfig != null && !providerConfig.isNull() && !providerConfig.isMissingNode();
        out.remove("type");
        out.remove("providerConfig");
        if (HELM.equals(type)) {
            ObjectNode helm = out.putObject("helm");
            if (hasConfig) {
                if (!providerConfig.isObject()) {
                    throw ApiException.badRequest("ControllerDeployment in version \"v1beta1\" cannot be handled as a "
                            + "ControllerDeployment: providerConfig of type helm must be an object");
                }
                copy(providerConfig, "chart", helm, "rawChart");
                copy(providerConfig, "values", helm, "values");
                copy(providerConfig, "ociRepository", helm, "ociRepository");
            }
            return out;
        }
        if (!type.isEmpty()) {
            Trees.setAnnotation(out, TYPE_ANNOTATION, type);
        }
        if (hasConfig) {
            Trees.setAnnotation(out, PROVIDER_CONFIG_ANNOTATION, Json.toJson(providerConfig));
        }
        return out;
    }

    @Override
    public ObjectNode fromStorage(ObjectNode obj, String version) {
        String stored = version(obj);
        if (stored.equals(version)) {
            return obj.deepCopy();
        }
        if (!"v1beta1".equals(version)) {
            // an object kept in v1beta1 by an older server, asked for in v1
            return toStorage(obj);
        }
        ObjectNode out = obj.deepCopy();
        out.put("apiVersion", GROUP + "/v1beta1");
        out.remove("helm");
        out.remove("resources");
        String type = Trees.annotation(obj, TYPE_ANNOTATION);
        String providerConfig = Trees.annotation(obj, PROVIDER_CONFIG_ANNOTATION);
        Trees.removeAnnotation(out, TYPE_ANNOTATION);
        Trees.removeAnnotation(out, PROVIDER_CONFIG_ANNOTATION);
        out.put("type", type == null ? "" : type);
        if (providerConfig != null) {
            out.set("providerConfig", parse(providerConfig));
        }
        JsonNode helm = obj.get("helm");
        if (helm != null && !helm.isNull()) {
            out.put("type", HELM);
            ObjectNode config = out.putObject("providerConfig");
            copy(helm, "rawChart", config, "chart");
            copy(helm, "values", config, "values");
            copy(helm, "ociRepository", config, "ociRepository");
        }
        if (!out.has("providerConfig")) {
            // a RawExtension without content encodes as null
            out.putNull("providerConfig");
        }
        return out;
    }

    private static void copy(JsonNode from, String field, ObjectNode to, String as) {
        JsonNode v = from.get(field);
        if (v != null && !v.isNull() && !(v.isTextual() && v.asText().isEmpty())) {
            to.set(as, v.deepCopy());
        }
    }

    private static JsonNode parse(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (IOException e) {
            return TextNode.valueOf(json);
        }
    }

    private static String version(ObjectNode obj) {
        String apiVersion = JsonTrees.text(obj, "apiVersion");
        return apiVersion.substring(apiVersion.indexOf('/') + 1);
    }
}
