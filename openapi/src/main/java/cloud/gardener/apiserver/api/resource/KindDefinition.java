package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Everything this module knows about one kind, in one place: its {@link ResourceType} (group, versions, names,
 * scope, short names, categories, subresources, field selectors, verbs), the record that models it in each version,
 * its defaulter, whether the seed authorization graph is fed from it and whether every user may read it. {@link Kinds} lists every definition once;
 * the discovery, OpenAPI, model and defaulting lookups are derived from that list, and the modules above key their
 * own rules (validators, strategies, tables) by the definition object.
 *
 * @param <T> the record of the storage version; {@link Void} for a kind kept as open JSON
 */
public final class KindDefinition<T> {

    private final ResourceType type;
    private final Class<T> model;
    private final Map<String, Class<?>> models;
    private final Defaulter defaulter;
    private final boolean seedGraph;
    private final boolean readByEveryUser;

    private KindDefinition(Builder<T> b) {
        this.type = new ResourceType(
                b.group,
                b.versions,
                b.storageVersion,
                b.kind,
                plural(b.kind),
                b.kind.toLowerCase(Locale.ROOT),
                b.namespaced,
                b.shortNames,
                b.categories,
                b.subresources,
                b.fieldSelectors,
                b.verbs);
        this.model = b.model;
        Map<String, Class<?>> byVersion = new LinkedHashMap<>();
        if (b.model != null) {
            byVersion.put(b.storageVersion, b.model);
        }
        byVersion.putAll(b.otherModels);
        this.models = Collections.unmodifiableMap(byVersion);
        this.defaulter = b.defaulter;
        this.seedGraph = b.seedGraph;
        this.readByEveryUser = b.readByEveryUser;
    }

    /** A kind served in one version, {@code group/version}, modelled by {@code model}. */
    public static <T> Builder<T> of(String group, String version, String kind, Class<T> model) {
        return new Builder<>(group, version, kind, model);
    }

    /** A kind without a record (open JSON: kept as sent, no unknown-field detection). */
    public static Builder<Void> openJson(String group, String version, String kind) {
        return new Builder<>(group, version, kind, null);
    }

    public ResourceType type() {
        return type;
    }

    public String group() {
        return type.group();
    }

    public String kind() {
        return type.kind();
    }

    public GroupResource groupResource() {
        return type.groupResource();
    }

    /** The record of the storage version, if the kind has one. */
    public Optional<Class<T>> model() {
        return Optional.ofNullable(model);
    }

    /** The record modelling {@code version}, if any. */
    public Optional<Class<?>> model(String version) {
        return Optional.ofNullable(models.get(version));
    }

    /** The kinds with a record, one per version that has one. */
    public Map<GroupVersionKind, Class<?>> modelsByKind() {
        Map<GroupVersionKind, Class<?>> out = new LinkedHashMap<>();
        models.forEach((version, record) -> out.put(type.gvk(version), record));
        return out;
    }

    /** The defaulting functions, applied in every served version (the defaulted kinds are served in one). */
    public Optional<Defaulter> defaulter() {
        return Optional.ofNullable(defaulter);
    }

    /** Whether the seed authorization graph has an event handler for this kind's objects. */
    public boolean feedsSeedGraph() {
        return seedGraph;
    }

    /**
     * Whether every authenticated user may read these objects (Gardener's global resources, granted by its
     * {@code gardener.cloud:system:read-global-resources} role).
     */
    public boolean readByEveryUser() {
        return readByEveryUser;
    }

    @Override
    public String toString() {
        return type.storageGvk().toString();
    }

    /**
     * The plural Kubernetes' REST mapper guesses ({@code meta.UnsafeGuessKindToResource}), which every kind here
     * uses.
     */
    static String plural(String kind) {
        String lower = kind.toLowerCase(Locale.ROOT);
        if (lower.endsWith("y")) {
            return lower.substring(0, lower.length() - 1) + "ies";
        }
        if (lower.endsWith("s")) {
            return lower + "es";
        }
        return lower + "s";
    }

    /** Builds a definition; every part but group, version, kind and model is optional. */
    public static final class Builder<T> {

        private final String group;
        private final String kind;
        private final Class<T> model;
        private final Map<String, Class<?>> otherModels = new LinkedHashMap<>();
        private List<String> versions;
        private String storageVersion;
        private boolean namespaced;
        private List<String> shortNames = List.of();
        private List<String> categories = List.of();
        private final List<Subresource> subresources = new ArrayList<>();
        private final Map<String, String> fieldSelectors = new LinkedHashMap<>();
        private List<String> verbs = ResourceType.VERBS;
        private Defaulter defaulter;
        private boolean seedGraph;
        private boolean readByEveryUser;

        private Builder(String group, String version, String kind, Class<T> model) {
            this.group = group;
            this.kind = kind;
            this.model = model;
            this.versions = List.of(version);
            this.storageVersion = version;
        }

        /** Objects live in a namespace. */
        public Builder<T> namespaced() {
            this.namespaced = true;
            return this;
        }

        public Builder<T> shortNames(String... names) {
            this.shortNames = List.of(names);
            return this;
        }

        /** In discovery's {@code all} category ({@code kubectl get all}). */
        public Builder<T> inCategoryAll() {
            this.categories = List.of("all");
            return this;
        }

        public Builder<T> subresources(Subresource... subresources) {
            this.subresources.addAll(List.of(subresources));
            return this;
        }

        /** Field selector labels that read the JSON path of the same name. */
        public Builder<T> fieldSelectors(String... labels) {
            for (String label : labels) {
                fieldSelectors.put(label, label);
            }
            return this;
        }

        /** A field selector label reading another JSON path (dotted). */
        public Builder<T> fieldSelector(String label, String path) {
            fieldSelectors.put(label, path);
            return this;
        }

        /** Also served in {@code version} (after the storage version in discovery), modelled by {@code record}. */
        public Builder<T> alsoServedIn(String version, Class<?> record) {
            List<String> all = new ArrayList<>(versions);
            all.add(version);
            this.versions = List.copyOf(all);
            otherModels.put(version, record);
            return this;
        }

        /** Served in {@code versions} (preferred first), stored in {@code storageVersion}. */
        public Builder<T> versions(List<String> versions, String storageVersion) {
            this.versions = List.copyOf(versions);
            this.storageVersion = storageVersion;
            return this;
        }

        /** The record of a version other than the storage version. */
        public Builder<T> model(String version, Class<?> record) {
            otherModels.put(version, record);
            return this;
        }

        /** The main resource's verbs, when not the full generic store's. */
        public Builder<T> verbs(String... verbs) {
            this.verbs = List.of(verbs);
            return this;
        }

        public Builder<T> defaulter(Defaulter defaulter) {
            this.defaulter = defaulter;
            return this;
        }

        /** The seed authorization graph has an event handler for these objects. */
        public Builder<T> feedsSeedGraph() {
            this.seedGraph = true;
            return this;
        }

        /** Every authenticated user may read these objects (a Gardener global resource). */
        public Builder<T> readByEveryUser() {
            this.readByEveryUser = true;
            return this;
        }

        public KindDefinition<T> build() {
            return new KindDefinition<>(this);
        }
    }
}
