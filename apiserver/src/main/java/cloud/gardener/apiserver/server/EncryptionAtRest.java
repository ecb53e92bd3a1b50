package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.metrics.StorageMetrics;
import cloud.gardener.apiserver.registry.ResourceKeys;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.value.ObservedTransformer;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.storage.value.Transformer;
import cloud.gardener.apiserver.storage.value.TransformingStorage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Encryption at rest from {@code --encryption-provider-config}: which served resources are encrypted,
 * and with what, as storage key prefixes. A resource is encrypted when the configuration covers it
 * (by name, {@code *.group} or {@code *.*}); Gardener's always-encrypted resources, and the standalone
 * {@code secrets}, are encrypted whenever a configuration is given, with the providers of its first
 * {@code resources} entry unless it names them.
 */
public final class EncryptionAtRest {

    /**
     * gardener-operator's {@code DefaultGardenerResourcesForEncryption}, plus the Secrets this server
     * keeps itself when no kube-apiserver serves them.
     */
    public static final List<GroupResource> ALWAYS_ENCRYPTED = List.of(
            Kinds.CONTROLLER_DEPLOYMENT.groupResource(),
            Kinds.CONTROLLER_REGISTRATION.groupResource(),
            Kinds.INTERNAL_SECRET.groupResource(),
            Kinds.SHOOT_STATE.groupResource(),
            new GroupResource("", "secrets"));

    private EncryptionAtRest() {}

    /** The transformer of every encrypted resource's key prefix, e.g. {@code /registry-gardener/secrets/}. */
    public static Map<String, Transformer> keyPrefixes(
            ResourceTransformers config, ResourceRegistry resources, String etcdPrefix) {
        return keyPrefixes(config, resources, etcdPrefix, null);
    }

    /**
     * As {@link #keyPrefixes(ResourceTransformers, ResourceRegistry, String)}, each resource's transformations
     * reported to {@code metrics} under its group resource (upstream labels them with the request's resource).
     */
    public static Map<String, Transformer> keyPrefixes(
            ResourceTransformers config, ResourceRegistry resources, String etcdPrefix, StorageMetrics metrics) {
        Map<String, Transformer> byPrefix = new LinkedHashMap<>();
        for (ResourceType type : resources.resources()) {
            GroupResource gr = type.groupResource();
            Optional<Transformer> transformer = config.forResource(gr);
            if (transformer.isEmpty() && ALWAYS_ENCRYPTED.contains(gr)) {
                transformer = Optional.of(config.firstEntry());
            }
            transformer
                    .map(t -> metrics == null ? t : new ObservedTransformer(t, metrics.transformations(gr.toString())))
                    .ifPresent(t -> byPrefix.put(keyPrefix(etcdPrefix, type), t));
        }
        return byPrefix;
    }

    /** {@link #wrap(Storage, ResourceTransformers, String, StorageMetrics)} without metrics. */
    public static Storage wrap(Storage storage, ResourceTransformers config, String etcdPrefix) {
        return wrap(storage, config, etcdPrefix, null);
    }

    /**
     * The storage the server should use: {@code storage} itself without a configuration, else a
     * {@link TransformingStorage} over it for the standard resources, reporting its transformations to
     * {@code metrics}.
     */
    public static Storage wrap(
            Storage storage, ResourceTransformers config, String etcdPrefix, StorageMetrics metrics) {
        if (config == null) {
            return storage;
        }
        return TransformingStorage.byKeyPrefix(
                storage, keyPrefixes(config, ResourceRegistry.standard(true), etcdPrefix, metrics));
    }

    /** The prefix of a resource's keys, as the registry's stores lay them out. */
    static String keyPrefix(String etcdPrefix, ResourceType type) {
        return ResourceKeys.of(etcdPrefix, type).all();
    }
}
