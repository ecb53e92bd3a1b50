package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Kubernetes' {@code ValidateSecret} and {@code ValidateSecretUpdate}, which Gardener's
 * {@code ValidateInternalSecret} repeats: key names, the total size, the data each type needs, immutability. They
 * see {@code data} only: {@code stringData} was merged into it when the request was decoded.
 */
final class SecretRules {

    /** {@code corev1.MaxSecretSize}. */
    static final int MAX_SECRET_SIZE = 1024 * 1024;

    /** The fields of a Secret or InternalSecret the rules read. */
    record Fields(ObjectMeta metadata, Boolean immutable, Map<String, Base64Bytes> data, String type) {}

    private SecretRules() {}

    static List<FieldError> validate(Fields secret) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                secret.metadata(), true, NameRules.DNS_SUBDOMAIN_NAME, FieldPath.of("metadata")));
        FieldPath dataPath = FieldPath.of("data");
        Map<String, byte[]> data = data(secret);
        long total = 0;
        for (Map.Entry<String, byte[]> e : data.entrySet()) {
            for (String msg : NameRules.configMapKey(e.getKey())) {
                errs.add(FieldError.invalid(dataPath.key(e.getKey()).toString(), e.getKey(), msg));
            }
            total += e.getValue().length;
        }
        if (total > MAX_SECRET_SIZE) {
            errs.add(FieldError.tooLong(dataPath.toString(), "", MAX_SECRET_SIZE));
        }
        Map<String, String> annotations =
                secret.metadata() == null ? null : secret.metadata().annotations();
        switch (text(secret.type())) {
            case "kubernetes.io/service-account-token" -> {
                if (text(CoreRules.map(annotations).get("kubernetes.io/service-account.name"))
                        .isEmpty()) {
                    errs.add(FieldError.required(
                            FieldPath.of("metadata", "annotations")
                                    .key("kubernetes.io/service-account.name")
                                    .toString(),
                            ""));
                }
            }
            case "kubernetes.io/dockercfg" -> requireJson(data, ".dockercfg", dataPath, errs);
            case "kubernetes.io/dockerconfigjson" -> requireJson(data, ".dockerconfigjson", dataPath, errs);
            case "kubernetes.io/basic-auth" -> {
                if (!data.containsKey("username") && !data.containsKey("password")) {
                    errs.add(FieldError.required(dataPath.key("username").toString(), ""));
                    errs.add(FieldError.required(dataPath.key("password").toString(), ""));
                }
            }
            case "kubernetes.io/ssh-auth" -> {
                if (data.getOrDefault("ssh-privatekey", new byte[0]).length == 0) {
                    errs.add(FieldError.required(dataPath.key("ssh-privatekey").toString(), ""));
                }
            }
            case "kubernetes.io/tls" -> {
                if (!data.containsKey("tls.crt")) {
                    errs.add(FieldError.required(dataPath.key("tls.crt").toString(), ""));
                }
                if (!data.containsKey("tls.key")) {
                    errs.add(FieldError.required(dataPath.key("tls.key").toString(), ""));
                }
            }
            default -> {}
        }
        return errs;
    }

    static List<FieldError> validateUpdate(Fields secret, Fields old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(secret.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(CoreRules.immutable(text(secret.type()), text(old.type()), FieldPath.of("type")));
        if (Boolean.TRUE.equals(old.immutable())) {
            if (!Boolean.TRUE.equals(secret.immutable())) {
                errs.add(FieldError.forbidden("immutable", "field is immutable when `immutable` is set"));
            }
            if (!equalData(data(secret), data(old))) {
                errs.add(FieldError.forbidden("data", "field is immutable when `immutable` is set"));
            }
        }
        errs.addAll(validate(secret));
        return errs;
    }

    /** Go unmarshals the value into a {@code map[string]interface{}}: an object or {@code null}. */
    private static void requireJson(Map<String, byte[]> data, String key, FieldPath dataPath, List<FieldError> errs) {
        byte[] bytes = data.get(key);
        if (bytes == null) {
            errs.add(FieldError.required(dataPath.key(key).toString(), ""));
            return;
        }
        String problem;
        try {
            JsonNode node = Json.MAPPER.readTree(bytes);
            problem = node != null && (node.isObject() || node.isNull())
                    ? null
                    : "json: cannot unmarshal into Go value of type map[string]interface {}";
        } catch (IOException e) {
            problem = "invalid character in JSON input";
        }
        if (problem != null) {
            errs.add(FieldError.invalid(dataPath.key(key).toString(), "<secret contents redacted>", problem));
        }
    }

    private static Map<String, byte[]> data(Fields secret) {
        Map<String, byte[]> data = new TreeMap<>();
        CoreRules.map(secret.data()).forEach((k, v) -> data.put(k, v == null ? new byte[0] : v.bytes()));
        return data;
    }

    private static boolean equalData(Map<String, byte[]> a, Map<String, byte[]> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        return a.entrySet().stream().allMatch(e -> Arrays.equals(e.getValue(), b.get(e.getKey())));
    }
}
