package cloud.gardener.apiserver.storage.value;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.Key;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.KeysConfiguration;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.ProviderConfiguration;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.ResourceConfiguration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The checks kube-apiserver makes on an EncryptionConfiguration
 * ({@code k8s.io/apiserver/pkg/apis/apiserver/validation}), with its messages: at least one entry,
 * resource and provider; resource names (lower case, no bare {@code *}, no {@code resource.*}, no
 * duplicates or overlapping wildcards in one list); exactly one provider per list element; named keys
 * with base64 secrets of a valid length.
 */
public final class EncryptionConfigurationValidation {

    static final List<Integer> AES_KEY_SIZES = List.of(16, 24, 32);
    static final List<Integer> SECRETBOX_KEY_SIZES = List.of(32);
    private static final GroupResource ANY_GROUP_ANY_RESOURCE = new GroupResource("*", "*");

    private EncryptionConfigurationValidation() {}

    public static List<FieldError> validate(EncryptionConfiguration config) {
        List<FieldError> errors = new ArrayList<>();
        if (config.resources().isEmpty()) {
            errors.add(FieldError.required("resources", "at least one resources is required"));
            return errors;
        }
        for (int i = 0; i < config.resources().size(); i++) {
            ResourceConfiguration entry = config.resources().get(i);
            String r = "resources[" + i + "].resources";
            String p = "resources[" + i + "].providers";
            if (entry.resources().isEmpty()) {
                errors.add(FieldError.required(r, "at least one " + r + " is required"));
            }
            errors.addAll(validateOverlap(entry.resources(), r));
            errors.addAll(validateNames(entry.resources(), r));
            if (entry.providers().isEmpty()) {
                errors.add(FieldError.required(p, "at least one " + p + " is required"));
            }
            for (int j = 0; j < entry.providers().size(); j++) {
                errors.addAll(validateProvider(entry.providers().get(j), p + "[" + j + "]"));
            }
        }
        return errors;
    }

    /** {@code group.resource} as kube-apiserver's {@code schema.ParseGroupResource}: split at the first dot. */
    public static GroupResource parseGroupResource(String resource) {
        int dot = resource.indexOf('.');
        return dot < 0
                ? new GroupResource("", resource)
                : new GroupResource(resource.substring(dot + 1), resource.substring(0, dot));
    }

    /** How the config file spells a group resource ({@code *.} for every core resource). */
    static String yamlString(GroupResource gr) {
        return gr.group().isEmpty() && gr.resource().equals("*") ? "*." : gr.toString();
    }

    private static List<FieldError> validateOverlap(List<String> resources, String path) {
        if (resources.size() < 2) {
            return List.of();
        }
        List<GroupResource> parsed = resources.stream()
                .map(EncryptionConfigurationValidation::parseGroupResource)
                .toList();
        boolean duplicate = false;
        boolean overlap = false;
        for (int i = 0; i < parsed.size(); i++) {
            for (int j = 0; j < parsed.size(); j++) {
                if (i == j) {
                    continue;
                }
                GroupResource r1 = parsed.get(i);
                GroupResource r2 = parsed.get(j);
                if (r1.equals(r2) && !duplicate) {
                    duplicate = true;
                    continue;
                }
                if (overlap) {
                    continue;
                }
                if (r1.equals(ANY_GROUP_ANY_RESOURCE)) {
                    overlap = true;
                    continue;
                }
                if (!r1.group().equals(r2.group())) {
                    continue;
                }
                if (r1.resource().equals("*") || r2.resource().equals("*")) {
                    overlap = true;
                }
            }
        }
        List<FieldError> errors = new ArrayList<>();
        if (duplicate) {
            errors.add(FieldError.invalid(
                    path, goSlice(resources), "the same resource cannot be specified multiple times"));
        }
        if (overlap) {
            errors.add(FieldError.invalid(
                    path,
                    goSlice(resources),
                    "using overlapping resources such as 'secrets' and '*.' "
                            + "in the same resource list is not allowed as they will be masked"));
        }
        return errors;
    }

    private static List<FieldError> validateNames(List<String> resources, String path) {
        List<FieldError> errors = new ArrayList<>();
        for (int j = 0; j < resources.size(); j++) {
            String res = resources.get(j);
            String field = path + "[" + j + "]";
            if (!res.toLowerCase(Locale.ROOT).equals(res)) {
                errors.add(FieldError.invalid(field, res, "resource name should not contain capital letters"));
                continue;
            }
            if (res.equals("*")) {
                errors.add(FieldError.invalid(
                        field,
                        res,
                        "use '*.' to encrypt all the resources from core API group or *.* to encrypt all resources"));
                continue;
            }
            if (res.equals("apiserveripinfo")
                    || res.equals("serviceipallocations")
                    || res.equals("servicenodeportallocations")) {
                errors.add(
                        FieldError.invalid(field, res, "resources which do not have REST API/s cannot be encrypted"));
                continue;
            }
            GroupResource gr = parseGroupResource(res);
            if (gr.group().equals("events.k8s.io")) {
                errors.add(FieldError.invalid(
                        field,
                        res,
                        "'*.events.k8s.io' objects are stored using the 'events' API group "
                                + "in etcd. Use 'events' instead in the config file"));
                continue;
            }
            if (gr.group().equals("extensions")) {
                errors.add(FieldError.invalid(
                        field, res, "'extensions' group has been removed and cannot be used for encryption"));
                continue;
            }
            if (gr.group().equals("*") && !gr.resource().equals("*")) {
                errors.add(
                        FieldError.invalid(field, res, "encrypting the same resource across groups is not supported"));
            }
        }
        return errors;
    }

    private static List<FieldError> validateProvider(ProviderConfiguration provider, String path) {
        List<String> named = provider.named();
        if (named.isEmpty()) {
            return List.of(
                    FieldError.invalid(
                            path,
                            "{}",
                            "provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity"));
        }
        if (named.size() > 1) {
            return List.of(FieldError.invalid(
                    path,
                    String.join(", ", named),
                    "more than one provider specified in a single element, should split into different list elements"));
        }
        return switch (named.get(0)) {
            case "aesgcm" -> validateKeys(provider.aesgcm(), path + ".aesgcm.keys", AES_KEY_SIZES);
            case "aescbc" -> validateKeys(provider.aescbc(), path + ".aescbc.keys", AES_KEY_SIZES);
            case "secretbox" -> validateKeys(provider.secretbox(), path + ".secretbox.keys", SECRETBOX_KEY_SIZES);
            default -> List.of();
        };
    }

    private static List<FieldError> validateKeys(KeysConfiguration keys, String path, List<Integer> sizes) {
        if (keys.keys().isEmpty()) {
            return List.of(FieldError.required(path, "at least one keys is required"));
        }
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < keys.keys().size(); i++) {
            Key key = keys.keys().get(i);
            String field = path + "[" + i + "]";
            if (key == null) {
                errors.add(FieldError.required(field, "a key is required"));
                continue;
            }
            if (key.name() == null || key.name().isEmpty()) {
                errors.add(FieldError.required(field + ".name", "name is a mandatory field for a key"));
            }
            if (key.secret() == null || key.secret().isEmpty()) {
                errors.add(FieldError.required(field + ".secret", "secret is a mandatory field for a key"));
                continue;
            }
            byte[] secret;
            try {
                secret = decodeSecret(key.secret());
            } catch (IllegalArgumentException e) {
                errors.add(FieldError.invalid(field + ".secret", "REDACTED", "secrets must be base64 encoded"));
                continue;
            }
            if (!sizes.contains(secret.length)) {
                errors.add(FieldError.invalid(
                        field + ".secret",
                        "REDACTED",
                        "secret is not of the expected length, got "
                                + secret.length + ", expected one of "
                                + sizes.stream().map(String::valueOf).collect(Collectors.joining(" ", "[", "]"))));
            }
        }
        return errors;
    }

    /**
     * Decodes a key secret as Go's {@code base64.StdEncoding}: padding required, line breaks ignored.
     *
     * @throws IllegalArgumentException when it is not standard base64
     */
    static byte[] decodeSecret(String secret) {
        String compact = secret.replace("\r", "").replace("\n", "");
        if (compact.length() % 4 != 0) {
            throw new IllegalArgumentException("illegal base64 data: missing padding");
        }
        return Base64.getDecoder().decode(compact);
    }

    /** Renders a list as Go's {@code %#v} of a {@code []string}, as kube-apiserver's messages show it. */
    private static Object goSlice(List<String> values) {
        String rendered = values.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", ", "[]string{", "}"));
        return new Object() {
            @Override
            public String toString() {
                return rendered;
            }
        };
    }
}
