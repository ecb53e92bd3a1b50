package cloud.gardener.apiserver.authz.seed;

import static cloud.gardener.apiserver.authz.seed.VertexType.BACKUP_BUCKET;
import static cloud.gardener.apiserver.authz.seed.VertexType.BACKUP_ENTRY;
import static cloud.gardener.apiserver.authz.seed.VertexType.BASTION;
import static cloud.gardener.apiserver.authz.seed.VertexType.CLOUD_PROFILE;
import static cloud.gardener.apiserver.authz.seed.VertexType.CLUSTER_ROLE_BINDING;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONFIG_MAP;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONTROLLER_DEPLOYMENT;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONTROLLER_INSTALLATION;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONTROLLER_REGISTRATION;
import static cloud.gardener.apiserver.authz.seed.VertexType.CREDENTIALS_BINDING;
import static cloud.gardener.apiserver.authz.seed.VertexType.EXPOSURE_CLASS;
import static cloud.gardener.apiserver.authz.seed.VertexType.GARDENLET;
import static cloud.gardener.apiserver.authz.seed.VertexType.INTERNAL_SECRET;
import static cloud.gardener.apiserver.authz.seed.VertexType.LEASE;
import static cloud.gardener.apiserver.authz.seed.VertexType.MANAGED_SEED;
import static cloud.gardener.apiserver.authz.seed.VertexType.NAMESPACE;
import static cloud.gardener.apiserver.authz.seed.VertexType.NAMESPACED_CLOUD_PROFILE;
import static cloud.gardener.apiserver.authz.seed.VertexType.PROJECT;
import static cloud.gardener.apiserver.authz.seed.VertexType.SECRET;
import static cloud.gardener.apiserver.authz.seed.VertexType.SECRET_BINDING;
import static cloud.gardener.apiserver.authz.seed.VertexType.SEED;
import static cloud.gardener.apiserver.authz.seed.VertexType.SERVICE_ACCOUNT;
import static cloud.gardener.apiserver.authz.seed.VertexType.SHOOT;
import static cloud.gardener.apiserver.authz.seed.VertexType.SHOOT_STATE;
import static cloud.gardener.apiserver.authz.seed.VertexType.WORKLOAD_IDENTITY;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The edges one object contributes to the graph, as Gardener's {@code graph/eventhandler_*.go} add them on
 * create or update. An update replaces all edges the object contributed before; a delete removes them.
 * Not modelled: self-hosted shoots.
 */
final class ObjectEdges {

    static final String GARDEN = "garden";
    static final String KUBE_SYSTEM = "kube-system";
    static final String SEED_LEASE_NAMESPACE = "gardener-system-seed-lease";
    static final String CLUSTER_IDENTITY = "cluster-identity";
    static final String SELF_HOSTED_SHOOT_PREFIX = "self-hosted-shoot-";
    static final String SHOOT_ISSUER_NAMESPACE = "gardener-system-shoot-issuer";
    static final String ISSUER_ANNOTATION = "authentication.gardener.cloud/issuer";
    static final String PROJECT_NAME_LABEL = "project.gardener.cloud/name";
    static final String OPERATION_ANNOTATION = "gardener.cloud/operation";
    static final String RENEW_KUBECONFIG = "renew-kubeconfig";
    static final String[] SHOOT_PROJECT_SECRET_SUFFIXES = {"ca-cluster", "ssh-keypair", "ssh-keypair.old", "monitoring"
    };
    static final String[] SHOOT_PROJECT_INTERNAL_SECRET_SUFFIXES = {"ca-client"};
    static final String[] SHOOT_PROJECT_CONFIG_MAP_SUFFIXES = {"ca-cluster", "ca-kubelet"};

    /** What some edges depend on besides the object itself. */
    interface Context {

        /** The current Seed of that name (bootstrap edges of ManagedSeeds and Gardenlets). */
        Optional<ObjectNode> seed(String name);

        /** The project label of a namespace, {@code ""} when unknown (a shoot's managed issuer secret). */
        String projectOf(String namespace);
    }

    private final Context context;
    private final Instant now;
    private final Set<Edge> edges = new LinkedHashSet<>();

    private ObjectEdges(Context context, Instant now) {
        this.context = context;
        this.now = now;
    }

    /** The edges of {@code object}. */
    static Set<Edge> of(GroupResource resource, ObjectNode object, Context context, Instant now) {
        ObjectEdges e = new ObjectEdges(context, now);
        String name = JsonTrees.string(object, "metadata", "name");
        String namespace = JsonTrees.string(object, "metadata", "namespace");
        switch (resource.group() + "/" + resource.resource()) {
            case "core.gardener.cloud/shoots" -> e.shoot(object, namespace, name);
            case "core.gardener.cloud/seeds" -> e.seed(object, name);
            case "core.gardener.cloud/backupbuckets" -> e.backupBucket(object, name);
            case "core.gardener.cloud/backupentries" -> e.backupEntry(object, namespace, name);
            case "operations.gardener.cloud/bastions" -> e.bastion(object, namespace, name);
            case "core.gardener.cloud/secretbindings" -> e.secretBinding(object, namespace, name);
            case "security.gardener.cloud/credentialsbindings" -> e.credentialsBinding(object, namespace, name);
            case "core.gardener.cloud/projects" -> e.project(object, name);
            case "core.gardener.cloud/controllerinstallations" -> e.controllerInstallation(object, name);
            case "core.gardener.cloud/controllerdeployments" -> e.controllerDeployment(object, name);
            case "seedmanagement.gardener.cloud/managedseeds" -> e.managedSeed(object, namespace, name);
            case "seedmanagement.gardener.cloud/gardenlets" -> e.gardenlet(object, namespace, name);
            default -> {
                // not a graph resource: no edges
            }
        }
        return e.edges;
    }

    private void add(Vertex from, Vertex to) {
        if (from != null && to != null) {
            edges.add(new Edge(from, to));
        }
    }

    /**
     * The paths of a Shoot that {@link #shoot} and the graph read (dotted, as {@code SelectableView} takes them): a
     * Shoot is handed to the graph as these alone, not decoded whole, so this list must name everything they read.
     */
    static final List<String> SHOOT_READS = List.of(
            "metadata.name",
            "metadata.namespace",
            "metadata.uid",
            "metadata.annotations",
            "spec.secretBindingName",
            "spec.credentialsBindingName",
            "spec.cloudProfile",
            "spec.cloudProfileName",
            "spec.seedName",
            "spec.exposureClassName",
            "spec.kubernetes.kubeAPIServer.auditConfig",
            "spec.kubernetes.kubeAPIServer.structuredAuthentication",
            "spec.kubernetes.kubeAPIServer.structuredAuthorization",
            "spec.dns.providers",
            "spec.resources",
            "status.seedName");

    private void shoot(ObjectNode shoot, String namespace, String name) {
        Vertex self = Vertex.of(SHOOT, namespace, name);
        JsonNode spec = shoot.path("spec");
        add(Vertex.cluster(NAMESPACE, namespace), self);
        if (has(spec, "secretBindingName")) {
            add(Vertex.of(SECRET_BINDING, namespace, JsonTrees.string(spec, "secretBindingName")), self);
        }
        if (has(spec, "credentialsBindingName")) {
            add(Vertex.of(CREDENTIALS_BINDING, namespace, JsonTrees.string(spec, "credentialsBindingName")), self);
        }
        JsonNode cloudProfile = spec.path("cloudProfile");
        if (cloudProfile.isObject()) {
            String kind = JsonTrees.string(cloudProfile, "kind");
            String profile = JsonTrees.string(cloudProfile, "name");
            add(
                    "NamespacedCloudProfile".equals(kind)
                            ? Vertex.of(NAMESPACED_CLOUD_PROFILE, namespace, profile)
                            : Vertex.cluster(CLOUD_PROFILE, profile),
                    self);
        } else if (has(spec, "cloudProfileName")) {
            add(Vertex.cluster(CLOUD_PROFILE, JsonTrees.string(spec, "cloudProfileName")), self);
        }
        if (has(spec, "seedName")) {
            add(self, Vertex.cluster(SEED, JsonTrees.string(spec, "seedName")));
        }
        if (has(shoot.path("status"), "seedName")) {
            add(self, Vertex.cluster(SEED, JsonTrees.string(shoot, "status", "seedName")));
        }
        if (has(spec, "exposureClassName")) {
            add(Vertex.cluster(EXPOSURE_CLASS, JsonTrees.string(spec, "exposureClassName")), self);
        }
        JsonNode kubeApiServer = spec.path("kubernetes").path("kubeAPIServer");
        String auditPolicy = JsonTrees.string(kubeApiServer, "auditConfig", "auditPolicy", "configMapRef", "name");
        String authentication = JsonTrees.string(kubeApiServer, "structuredAuthentication", "configMapName");
        String authorization = JsonTrees.string(kubeApiServer, "structuredAuthorization", "configMapName");
        for (String configMap : new String[] {auditPolicy, authentication, authorization}) {
            if (!configMap.isEmpty()) {
                add(Vertex.of(CONFIG_MAP, namespace, configMap), self);
            }
        }
        for (JsonNode kubeconfig : kubeApiServer.path("structuredAuthorization").path("kubeconfigs")) {
            add(Vertex.of(SECRET, namespace, JsonTrees.string(kubeconfig, "secretName")), self);
        }
        for (JsonNode provider : spec.path("dns").path("providers")) {
            JsonNode ref = provider.path("credentialsRef");
            if (ref.isObject()) {
                add(credentials(ref, namespace), self);
            }
        }
        addResources(spec, namespace, self);
        for (String suffix : SHOOT_PROJECT_SECRET_SUFFIXES) {
            add(Vertex.of(SECRET, namespace, name + "." + suffix), self);
        }
        for (String suffix : SHOOT_PROJECT_INTERNAL_SECRET_SUFFIXES) {
            add(Vertex.of(INTERNAL_SECRET, namespace, name + "." + suffix), self);
        }
        for (String suffix : SHOOT_PROJECT_CONFIG_MAP_SUFFIXES) {
            add(Vertex.of(CONFIG_MAP, namespace, name + "." + suffix), self);
        }
        add(Vertex.of(SHOOT_STATE, namespace, name), self);
        if (hasManagedIssuer(shoot)) {
            String project = context.projectOf(namespace);
            if (!project.isEmpty()) {
                add(
                        Vertex.of(
                                SECRET,
                                SHOOT_ISSUER_NAMESPACE,
                                project + "--" + JsonTrees.string(shoot, "metadata", "uid")),
                        self);
            }
        }
    }

    /** Whether the shoot's service account issuer is managed by Gardener (annotation). */
    static boolean hasManagedIssuer(ObjectNode shoot) {
        return "managed".equals(JsonTrees.string(shoot, "metadata", "annotations", ISSUER_ANNOTATION));
    }

    /** {@code spec.resources}: Secrets, ConfigMaps and WorkloadIdentities in {@code namespace}. */
    private void addResources(JsonNode spec, String namespace, Vertex target) {
        for (JsonNode resource : spec.path("resources")) {
            JsonNode ref = resource.path("resourceRef");
            String apiVersion = JsonTrees.string(ref, "apiVersion");
            String kind = JsonTrees.string(ref, "kind");
            String refName = JsonTrees.string(ref, "name");
            if ("v1".equals(apiVersion) && "Secret".equals(kind)) {
                add(Vertex.of(SECRET, namespace, refName), target);
            } else if ("v1".equals(apiVersion) && "ConfigMap".equals(kind)) {
                add(Vertex.of(CONFIG_MAP, namespace, refName), target);
            } else if ("security.gardener.cloud/v1alpha1".equals(apiVersion) && "WorkloadIdentity".equals(kind)) {
                add(Vertex.of(WORKLOAD_IDENTITY, namespace, refName), target);
            }
        }
    }

    /** A credentials reference (Secret or WorkloadIdentity; InternalSecret where allowed), else null. */
    private static Vertex credentials(JsonNode ref, String defaultNamespace) {
        String apiVersion = JsonTrees.string(ref, "apiVersion");
        String kind = JsonTrees.string(ref, "kind");
        String namespace = has(ref, "namespace") ? JsonTrees.string(ref, "namespace") : defaultNamespace;
        String refName = JsonTrees.string(ref, "name");
        if ("security.gardener.cloud/v1alpha1".equals(apiVersion) && "WorkloadIdentity".equals(kind)) {
            return Vertex.of(WORKLOAD_IDENTITY, namespace, refName);
        }
        if ("v1".equals(apiVersion) && "Secret".equals(kind)) {
            return Vertex.of(SECRET, namespace, refName);
        }
        return null;
    }

    private void seed(ObjectNode seed, String name) {
        Vertex self = Vertex.cluster(SEED, name);
        JsonNode spec = seed.path("spec");
        add(Vertex.cluster(NAMESPACE, SeedIdentity.SEED_NAMESPACE_PREFIX + name), self);
        add(Vertex.of(CONFIG_MAP, KUBE_SYSTEM, CLUSTER_IDENTITY), self);
        add(Vertex.of(LEASE, SEED_LEASE_NAMESPACE, name), self);
        seedSpecEdges(spec, self);
        addResources(spec, GARDEN, self);
    }

    private void seedSpecEdges(JsonNode spec, Vertex self) {
        JsonNode backup = spec.path("backup").path("credentialsRef");
        if (backup.isObject()) {
            add(credentials(backup, ""), self);
        }
        JsonNode dns = spec.path("dns");
        for (String field : new String[] {"provider", "internal"}) {
            JsonNode ref = dns.path(field).path("credentialsRef");
            if (ref.isObject()) {
                add(credentials(ref, ""), self);
            }
        }
        for (JsonNode defaults : dns.path("defaults")) {
            JsonNode ref = defaults.path("credentialsRef");
            if (ref.isObject()) {
                add(credentials(ref, ""), self);
            }
        }
    }

    private void backupBucket(ObjectNode bucket, String name) {
        Vertex self = Vertex.cluster(BACKUP_BUCKET, name);
        JsonNode spec = bucket.path("spec");
        JsonNode ref = spec.path("credentialsRef");
        if (ref.isObject()) {
            add(credentials(ref, ""), self);
        }
        if (has(spec, "seedName")) {
            add(self, Vertex.cluster(SEED, JsonTrees.string(spec, "seedName")));
        }
        JsonNode generated = bucket.path("status").path("generatedSecretRef");
        if (generated.isObject()) {
            add(Vertex.of(SECRET, JsonTrees.string(generated, "namespace"), JsonTrees.string(generated, "name")), self);
        }
        JsonNode shootRef = spec.path("shootRef");
        if (shootRef.isObject()) {
            add(self, Vertex.of(SHOOT, JsonTrees.string(shootRef, "namespace"), JsonTrees.string(shootRef, "name")));
        }
    }

    private void backupEntry(ObjectNode entry, String namespace, String name) {
        Vertex self = Vertex.of(BACKUP_ENTRY, namespace, name);
        JsonNode spec = entry.path("spec");
        add(Vertex.cluster(BACKUP_BUCKET, JsonTrees.string(spec, "bucketName")), self);
        if (has(spec, "seedName")) {
            add(self, Vertex.cluster(SEED, JsonTrees.string(spec, "seedName")));
        }
        if (has(entry.path("status"), "seedName")) {
            add(self, Vertex.cluster(SEED, JsonTrees.string(entry, "status", "seedName")));
        }
        for (JsonNode owner : entry.path("metadata").path("ownerReferences")) {
            if ("Shoot".equals(JsonTrees.string(owner, "kind"))) {
                add(self, Vertex.of(SHOOT, namespace, JsonTrees.string(owner, "name")));
                break;
            }
        }
    }

    private void bastion(ObjectNode bastion, String namespace, String name) {
        if (has(bastion.path("spec"), "seedName")) {
            add(
                    Vertex.of(BASTION, namespace, name),
                    Vertex.cluster(SEED, JsonTrees.string(bastion, "spec", "seedName")));
        }
    }

    private void secretBinding(ObjectNode binding, String namespace, String name) {
        JsonNode ref = binding.path("secretRef");
        String refNamespace = has(ref, "namespace") ? JsonTrees.string(ref, "namespace") : namespace;
        add(Vertex.of(SECRET, refNamespace, JsonTrees.string(ref, "name")), Vertex.of(SECRET_BINDING, namespace, name));
    }

    private void credentialsBinding(ObjectNode binding, String namespace, String name) {
        JsonNode ref = binding.path("credentialsRef");
        Vertex credentials = credentials(ref, namespace);
        if (credentials == null
                && "core.gardener.cloud/v1beta1".equals(JsonTrees.string(ref, "apiVersion"))
                && "InternalSecret".equals(JsonTrees.string(ref, "kind"))) {
            credentials = Vertex.of(
                    INTERNAL_SECRET,
                    has(ref, "namespace") ? JsonTrees.string(ref, "namespace") : namespace,
                    JsonTrees.string(ref, "name"));
        }
        add(credentials, Vertex.of(CREDENTIALS_BINDING, namespace, name));
    }

    private void project(ObjectNode project, String name) {
        if (has(project.path("spec"), "namespace")) {
            add(
                    Vertex.cluster(PROJECT, name),
                    Vertex.cluster(NAMESPACE, JsonTrees.string(project, "spec", "namespace")));
        }
    }

    private void controllerInstallation(ObjectNode installation, String name) {
        Vertex self = Vertex.cluster(CONTROLLER_INSTALLATION, name);
        JsonNode spec = installation.path("spec");
        add(Vertex.cluster(CONTROLLER_REGISTRATION, JsonTrees.string(spec, "registrationRef", "name")), self);
        if (spec.path("seedRef").isObject()) {
            add(self, Vertex.cluster(SEED, JsonTrees.string(spec, "seedRef", "name")));
        }
        if (spec.path("shootRef").isObject()) {
            add(
                    self,
                    Vertex.of(
                            SHOOT,
                            JsonTrees.string(spec, "shootRef", "namespace"),
                            JsonTrees.string(spec, "shootRef", "name")));
        }
        if (spec.path("deploymentRef").isObject()) {
            add(Vertex.cluster(CONTROLLER_DEPLOYMENT, JsonTrees.string(spec, "deploymentRef", "name")), self);
        }
    }

    /** Stored in core.gardener.cloud/v1: OCI pull and CA bundle secrets and {@code resources}, all in garden. */
    private void controllerDeployment(ObjectNode deployment, String name) {
        JsonNode oci = deployment.path("helm").path("ociRepository");
        if (!oci.isObject()) {
            return;
        }
        Vertex self = Vertex.cluster(CONTROLLER_DEPLOYMENT, name);
        for (String field : new String[] {"pullSecretRef", "caBundleSecretRef"}) {
            if (oci.path(field).isObject()) {
                add(Vertex.of(SECRET, GARDEN, JsonTrees.string(oci, field, "name")), self);
            }
        }
        for (JsonNode resource : deployment.path("resources")) {
            String kind = JsonTrees.string(resource, "resourceRef", "kind");
            String refName = JsonTrees.string(resource, "resourceRef", "name");
            if ("Secret".equals(kind)) {
                add(Vertex.of(SECRET, GARDEN, refName), self);
            } else if ("ConfigMap".equals(kind)) {
                add(Vertex.of(CONFIG_MAP, GARDEN, refName), self);
            }
        }
    }

    private void managedSeed(ObjectNode managedSeed, String namespace, String name) {
        Vertex seed = Vertex.cluster(SEED, name);
        Vertex self = Vertex.of(MANAGED_SEED, namespace, name);
        JsonNode spec = managedSeed.path("spec");
        add(seed, self);
        add(self, Vertex.of(SHOOT, namespace, JsonTrees.string(spec, "shoot", "name")));
        add(self, seed); // lets a gardenlet read its own Seed
        JsonNode config = spec.path("gardenlet").path("config");
        JsonNode seedSpec = config.path("seedConfig").path("spec");
        if (seedSpec.isObject()) {
            JsonNode backup = seedSpec.path("backup").path("credentialsRef");
            if (backup.isObject()) {
                add(credentials(backup, ""), self);
            }
            addResources(seedSpec, GARDEN, seed);
        }
        String bootstrap = JsonTrees.string(spec, "gardenlet", "bootstrap");
        if (!config.isObject() || bootstrap.isEmpty()) {
            return;
        }
        Optional<ObjectNode> existing = context.seed(name);
        boolean allowBootstrap = existing.isEmpty()
                || certificateExpired(existing.get())
                || RENEW_KUBECONFIG.equals(
                        JsonTrees.string(managedSeed, "metadata", "annotations", OPERATION_ANNOTATION));
        if (!allowBootstrap) {
            return;
        }
        if ("BootstrapToken".equals(bootstrap)) {
            add(Vertex.of(SECRET, KUBE_SYSTEM, BootstrapTokens.secretName(namespace, name)), self);
        } else if ("ServiceAccount".equals(bootstrap)) {
            String serviceAccount = BootstrapTokens.SERVICE_ACCOUNT_PREFIX + name;
            add(Vertex.of(SERVICE_ACCOUNT, namespace, serviceAccount), self);
            add(
                    Vertex.cluster(
                            CLUSTER_ROLE_BINDING, BootstrapTokens.clusterRoleBindingName(namespace, serviceAccount)),
                    self);
        }
    }

    private void gardenlet(ObjectNode gardenlet, String namespace, String name) {
        if (name.startsWith(SELF_HOSTED_SHOOT_PREFIX)) {
            return;
        }
        Vertex self = Vertex.of(GARDENLET, namespace, name);
        add(self, Vertex.cluster(SEED, name));
        JsonNode spec = gardenlet.path("spec");
        JsonNode backup = spec.path("config")
                .path("seedConfig")
                .path("spec")
                .path("backup")
                .path("credentialsRef");
        if (backup.isObject()) {
            add(credentials(backup, ""), self);
        }
        Optional<ObjectNode> existing = context.seed(name);
        boolean allowBootstrap = existing.isPresent()
                && (certificateExpired(existing.get())
                        || RENEW_KUBECONFIG.equals(
                                JsonTrees.string(gardenlet, "metadata", "annotations", OPERATION_ANNOTATION)));
        if (allowBootstrap) {
            add(Vertex.of(SECRET, KUBE_SYSTEM, BootstrapTokens.secretName(namespace, name)), self);
        }
        JsonNode oci = spec.path("deployment").path("helm").path("ociRepository");
        for (String field : new String[] {"caBundleSecretRef", "pullSecretRef"}) {
            if (oci.path(field).isObject()) {
                add(Vertex.of(SECRET, namespace, JsonTrees.string(oci, field, "name")), self);
            }
        }
    }

    private boolean certificateExpired(ObjectNode seed) {
        String expiration = JsonTrees.string(seed, "status", "clientCertificateExpirationTimestamp");
        if (expiration.isEmpty()) {
            return false;
        }
        try {
            return Instant.parse(expiration).isBefore(now);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    static boolean has(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty();
    }
}
