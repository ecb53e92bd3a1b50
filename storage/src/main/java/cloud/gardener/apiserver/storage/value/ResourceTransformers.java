package cloud.gardener.apiserver.storage.value;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.Key;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.KeysConfiguration;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.ProviderConfiguration;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration.ResourceConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A loaded EncryptionConfiguration: one transformer per configured group resource (or wildcard), as
 * kube-apiserver builds them. A resource named in several entries gets the providers of all of them,
 * earlier entries first; an entry may not name a resource that an earlier {@code *.group} or
 * {@code *.*} already covers. Lookups try the exact resource, then {@code *.group}, then {@code *.*}.
 */
public final class ResourceTransformers {

    static final String AESCBC_PREFIX = "k8s:enc:aescbc:v1:";
    static final String AESGCM_PREFIX = "k8s:enc:aesgcm:v1:";
    static final String SECRETBOX_PREFIX = "k8s:enc:secretbox:v1:";

    private final Map<GroupResource, Transformer> byResource;
    private final Transformer firstEntry;

    private ResourceTransformers(Map<GroupResource, Transformer> byResource, Transformer firstEntry) {
        this.byResource = byResource;
        this.firstEntry = firstEntry;
    }

    /**
     * Reads, validates and builds the {@code --encryption-provider-config} file.
     *
     * @throws IllegalArgumentException naming the file and every problem found
     */
    public static ResourceTransformers load(Path file) {
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "error reading encryption provider configuration file \"" + file + "\": " + e.getMessage(), e);
        }
        if (data.length == 0) {
            throw new IllegalArgumentException("encryption provider configuration file \"" + file + "\" is empty");
        }
        try {
            return of(EncryptionConfiguration.parse(data));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "invalid encryption provider configuration file \"" + file + "\": " + e.getMessage(), e);
        }
    }

    /**
     * Validates and builds a parsed configuration.
     *
     * @throws IllegalArgumentException with every validation error, as one message
     */
    public static ResourceTransformers of(EncryptionConfiguration config) {
        List<FieldError> errors = EncryptionConfigurationValidation.validate(config);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(
                    errors.size() == 1
                            ? errors.get(0).toString()
                            : errors.stream().map(FieldError::toString).collect(Collectors.joining(", ", "[", "]")));
        }
        Map<GroupResource, List<PrefixTransformer>> lists = new LinkedHashMap<>();
        Transformer first = null;
        for (ResourceConfiguration entry : config.resources()) {
            List<PrefixTransformer> providers = entry.providers().stream()
                    .map(ResourceTransformers::provider)
                    .toList();
            if (first == null) {
                first = new PrefixTransformers("no matching prefix found", providers);
            }
            for (String resource : entry.resources()) {
                GroupResource gr = EncryptionConfigurationValidation.parseGroupResource(resource);
                checkNotMasked(lists, gr, new GroupResource(gr.group(), "*"));
                checkNotMasked(lists, gr, new GroupResource("*", "*"));
                lists.computeIfAbsent(gr, k -> new ArrayList<>()).addAll(providers);
            }
        }
        Map<GroupResource, Transformer> byResource = new LinkedHashMap<>();
        lists.forEach((gr, list) -> byResource.put(gr, new PrefixTransformers("no matching prefix found", list)));
        return new ResourceTransformers(byResource, first);
    }

    private static void checkNotMasked(Map<GroupResource, ?> earlier, GroupResource gr, GroupResource wildcard) {
        if (earlier.containsKey(wildcard)) {
            throw new IllegalArgumentException(
                    "resource \"" + EncryptionConfigurationValidation.yamlString(gr) + "\" is masked by earlier rule \""
                            + EncryptionConfigurationValidation.yamlString(wildcard) + "\"");
        }
    }

    /** The transformer for one provider element, under its envelope prefix. */
    static PrefixTransformer provider(ProviderConfiguration p) {
        if (p.aesgcm() != null) {
            return keyed(
                    AESGCM_PREFIX,
                    p.aesgcm(),
                    AesGcmTransformer::new,
                    "no matching key was found for the provided AES transformer");
        }
        if (p.aescbc() != null) {
            return keyed(
                    AESCBC_PREFIX,
                    p.aescbc(),
                    AesCbcTransformer::new,
                    "no matching key was found for the provided AES transformer");
        }
        if (p.secretbox() != null) {
            return keyed(
                    SECRETBOX_PREFIX,
                    p.secretbox(),
                    SecretboxTransformer::new,
                    "no matching key was found for the provided Secretbox transformer");
        }
        if (p.named().contains("identity")) {
            return new PrefixTransformer("", IdentityTransformer.INSTANCE);
        }
        if (p.named().contains("kms")) {
            throw new IllegalArgumentException(
                    "kms providers are not supported by this server; use aesgcm, aescbc or secretbox");
        }
        throw new IllegalArgumentException(
                "provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity");
    }

    private static PrefixTransformer keyed(
            String prefix, KeysConfiguration keys, Function<byte[], Transformer> cipher, String noMatch) {
        List<PrefixTransformer> perKey = new ArrayList<>();
        for (Key key : keys.keys()) {
            perKey.add(new PrefixTransformer(
                    key.name() + ":", cipher.apply(EncryptionConfigurationValidation.decodeSecret(key.secret()))));
        }
        return new PrefixTransformer(prefix, new PrefixTransformers(noMatch, perKey));
    }

    /**
     * The transformer of a resource: configured for it exactly, else for {@code *.group}, else for
     * {@code *.*}; empty when the configuration does not cover it (its values stay as they are).
     */
    public Optional<Transformer> forResource(GroupResource resource) {
        Transformer t = byResource.get(resource);
        if (t == null) {
            t = byResource.get(new GroupResource(resource.group(), "*"));
        }
        if (t == null) {
            t = byResource.get(new GroupResource("*", "*"));
        }
        return Optional.ofNullable(t);
    }

    /** The providers of the first {@code resources} entry (for resources that must be encrypted whatever is listed). */
    public Transformer firstEntry() {
        return firstEntry;
    }

    /** The group resources (and wildcards) the configuration names, in order. */
    public Set<GroupResource> configured() {
        return byResource.keySet();
    }
}
