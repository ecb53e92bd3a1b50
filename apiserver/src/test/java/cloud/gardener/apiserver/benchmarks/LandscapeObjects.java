package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The objects of a Gardener landscape as its components write them: Seeds with the gardenlet's status, Projects
 * with members, CloudProfiles of many versions and machine types, per Project a Secret with both binding kinds,
 * Shoots with several worker pools and the status a gardenlet reports, and ShootStates of the shape the gardenlet
 * persists (the secrets manager's secrets, the machine state, the extensions' states), padded with random base64 to
 * a target size. Names are short: a Project's and a Shoot's name make a technical ID of limited length.
 *
 * @param shoots   Shoots and ShootStates; Projects are a fifth of it and Seeds a 25th (500 and 100 for 2,500)
 * @param stateKib the size of a ShootState's JSON
 */
record LandscapeObjects(int shoots, int stateKib) {

    static final String CORE = "/apis/core.gardener.cloud/v1beta1";
    static final String SECURITY = "/apis/security.gardener.cloud/v1alpha1";
    static final String CREDENTIALS = "credentials";

    private static final int CLOUD_PROFILES = 4;
    private static final int REGIONS = 8;
    private static final String TIME = "2026-11-20T08:00:00Z";
    private static final String LATER = "2026-11-27T06:12:31Z";
    private static final List<String> KUBERNETES = List.of("1.33.3", "1.32.8", "1.31.12");

    int projects() {
        return Math.max(1, (shoots + 4) / 5);
    }

    int seeds() {
        return Math.max(1, (shoots + 24) / 25);
    }

    static String project(int p) {
        return "p" + p;
    }

    static String namespace(int p) {
        return "garden-p" + p;
    }

    static String seed(int s) {
        return "seed-" + s;
    }

    /** Shoot {@code i}'s Project. */
    int projectOf(int i) {
        return i % projects();
    }

    String shootPath(int i) {
        return CORE + "/namespaces/" + namespace(projectOf(i)) + "/shoots/s" + i;
    }

    /** The extension kinds the Shoots use, as the providers' and extensions' registrations announce them. */
    List<Buffer> controllerRegistrations() {
        ObjectNode provider = object("core.gardener.cloud/v1beta1", "ControllerRegistration", "provider-local", null);
        ArrayNode resources = provider.putObject("spec").putArray("resources");
        for (String kind : List.of(
                "BackupBucket",
                "BackupEntry",
                "Bastion",
                "ControlPlane",
                "DNSRecord",
                "Infrastructure",
                "OperatingSystemConfig",
                "Worker")) {
            resources.addObject().put("kind", kind).put("type", "local");
        }
        ObjectNode calico = object("core.gardener.cloud/v1beta1", "ControllerRegistration", "networking-calico", null);
        calico.putObject("spec")
                .putArray("resources")
                .addObject()
                .put("kind", "Network")
                .put("type", "calico")
                .put("primary", true);
        return List.of(bytes(provider), bytes(calico));
    }

    /** A CloudProfile as large landscapes keep them: three minor versions of many patches, 30 machine types. */
    Buffer cloudProfile(int c) {
        ObjectNode profile = object("core.gardener.cloud/v1beta1", "CloudProfile", cloudProfileName(c), null);
        ObjectNode spec = profile.putObject("spec").put("type", "local");
        ArrayNode regions = spec.putArray("regions");
        for (int r = 0; r < REGIONS; r++) {
            ObjectNode region = regions.addObject().put("name", region(r));
            ArrayNode zones = region.putArray("zones");
            for (String z : List.of("a", "b", "c")) {
                zones.addObject().put("name", region(r) + "-" + z);
            }
        }
        ArrayNode versions = spec.putObject("kubernetes").putArray("versions");
        for (String newest : KUBERNETES) {
            String minor = newest.substring(0, newest.lastIndexOf('.') + 1);
            int patches = Integer.parseInt(newest.substring(minor.length()));
            for (int patch = patches; patch >= 0; patch--) {
                ObjectNode v = versions.addObject().put("version", minor + patch);
                if (patch < patches) {
                    v.put("classification", "deprecated").put("expirationDate", "2027-03-01T00:00:00Z");
                } else {
                    v.put("classification", "supported");
                }
            }
        }
        ArrayNode machineTypes = spec.putArray("machineTypes");
        for (int m = 0; m < 30; m++) {
            int cpu = 2 << (m % 5);
            machineTypes
                    .addObject()
                    .put("name", "local-m" + m)
                    .put("cpu", Integer.toString(cpu))
                    .put("gpu", "0")
                    .put("memory", (cpu * (m % 3 == 0 ? 4 : 8)) + "Gi")
                    .put("architecture", "amd64")
                    .put("usable", true);
        }
        ObjectNode image = spec.putArray("machineImages").addObject().put("name", "local");
        image.put("updateStrategy", "major");
        ArrayNode imageVersions = image.putArray("versions");
        ObjectNode config = spec.putObject("providerConfig")
                .put("apiVersion", "local.provider.extensions.gardener.cloud/v1alpha1")
                .put("kind", "CloudProfileConfig");
        ArrayNode configVersions = config.putArray("machineImages")
                .addObject()
                .put("name", "local")
                .putArray("versions");
        for (int v = 9; v >= 0; v--) {
            String version = "1.0." + v;
            ObjectNode iv = imageVersions.addObject().put("version", version);
            iv.putArray("cri").addObject().put("name", "containerd");
            iv.putArray("architectures").add("amd64");
            if (v < 9) {
                iv.put("classification", "deprecated");
            }
            configVersions
                    .addObject()
                    .put("version", version)
                    .put(
                            "image",
                            "europe-docker.pkg.dev/gardener-project/releases/gardener/extensions/provider-local-node:v"
                                    + version);
        }
        return bytes(profile);
    }

    static int cloudProfiles() {
        return CLOUD_PROFILES;
    }

    Buffer seedObject(int s) {
        ObjectNode seed = object("core.gardener.cloud/v1beta1", "Seed", seed(s), null);
        ((ObjectNode) seed.path("metadata"))
                .putObject("labels")
                .put("base", "kind")
                .put("seed.gardener.cloud/region", region(s % REGIONS));
        ObjectNode spec = seed.putObject("spec");
        spec.putObject("provider").put("type", "local").put("region", region(s % REGIONS));
        ObjectNode ingress =
                spec.putObject("ingress").put("domain", "ingress." + seed(s) + ".seed.local.gardener.cloud");
        ingress.putObject("controller").put("kind", "nginx");
        ObjectNode dns = spec.putObject("dns");
        credentialsRef(dns.putObject("provider").put("type", "local"), "seed-dns-" + s);
        credentialsRef(
                dns.putObject("internal").put("type", "local").put("domain", "internal." + seed(s) + ".gardener.cloud"),
                "seed-dns-" + s);
        ObjectNode networks = spec.putObject("networks")
                .put("nodes", "172.18.0.0/16")
                .put("pods", "10.1.0.0/16")
                .put("services", "10.2.0.0/16");
        networks.putObject("shootDefaults").put("pods", "10.3.0.0/16").put("services", "10.4.0.0/16");
        ObjectNode settings = spec.putObject("settings");
        settings.putObject("scheduling").put("visible", true);
        settings.putObject("verticalPodAutoscaler").put("enabled", true);
        settings.putObject("dependencyWatchdog").putObject("prober").put("enabled", true);
        return bytes(seed);
    }

    /** The status a gardenlet reports for its Seed. */
    Buffer seedStatus(int s) {
        ObjectNode patch = Json.MAPPER.createObjectNode();
        ObjectNode status = patch.putObject("status");
        gardener(status, seed(s));
        status.put("kubernetesVersion", "1.32.8");
        ArrayNode conditions = status.putArray("conditions");
        for (String type :
                List.of("GardenletReady", "BackupBucketsReady", "ExtensionsReady", "SeedSystemComponentsHealthy")) {
            condition(conditions, type, "True", "AllHealthy", type + ": all checks passed.");
        }
        status.put("observedGeneration", 1).put("clusterIdentity", seed(s) + "-3f2a1c9e-landscape");
        status.putObject("capacity").put("shoots", "250");
        status.putObject("allocatable").put("shoots", "250");
        lastOperation(status, "Seed has been successfully reconciled.");
        return bytes(patch);
    }

    Buffer projectObject(int p) {
        ObjectNode project = object("core.gardener.cloud/v1beta1", "Project", project(p), null);
        ObjectNode spec = project.putObject("spec")
                .put("namespace", namespace(p))
                .put("description", "Clusters of team " + p)
                .put("purpose", "Development and production clusters of team " + p);
        spec.putObject("owner")
                .put("apiGroup", "rbac.authorization.k8s.io")
                .put("kind", "User")
                .put("name", "owner-" + p + "@example.com");
        ArrayNode members = spec.putArray("members");
        members.addObject()
                .put("apiGroup", "rbac.authorization.k8s.io")
                .put("kind", "User")
                .put("name", "owner-" + p + "@example.com")
                .put("role", "admin")
                .putArray("roles")
                .add("owner");
        for (int m = 0; m < 4; m++) {
            members.addObject()
                    .put("apiGroup", "rbac.authorization.k8s.io")
                    .put("kind", "User")
                    .put("name", "member-" + m + "-" + p + "@example.com")
                    .put("role", m == 0 ? "admin" : "viewer");
        }
        members.addObject()
                .put("kind", "ServiceAccount")
                .put("name", "robot")
                .put("namespace", namespace(p))
                .put("role", "admin");
        return bytes(project);
    }

    /** The Project's cloud provider credentials (provider-local takes a kubeconfig). */
    Buffer secret(int p) {
        ObjectNode secret = object("v1", "Secret", CREDENTIALS, namespace(p));
        secret.put("type", "Opaque");
        secret.putObject("data").put("kubeconfig", randomBase64(new SplittableRandom(p), 1500));
        return bytes(secret);
    }

    Buffer secretBinding(int p) {
        ObjectNode binding = object("core.gardener.cloud/v1beta1", "SecretBinding", CREDENTIALS, namespace(p));
        binding.putObject("secretRef").put("name", CREDENTIALS).put("namespace", namespace(p));
        binding.putObject("provider").put("type", "local");
        return bytes(binding);
    }

    Buffer credentialsBinding(int p) {
        ObjectNode binding =
                object("security.gardener.cloud/v1alpha1", "CredentialsBinding", CREDENTIALS, namespace(p));
        binding.putObject("provider").put("type", "local");
        binding.putObject("credentialsRef")
                .put("apiVersion", "v1")
                .put("kind", "Secret")
                .put("name", CREDENTIALS)
                .put("namespace", namespace(p));
        return bytes(binding);
    }

    /** Shoot {@code i}: even ones use the SecretBinding, odd ones the CredentialsBinding, as landscapes mid-migration. */
    Buffer shoot(int i) {
        int p = projectOf(i);
        int s = i % seeds();
        String region = region(s % REGIONS);
        ObjectNode shoot = object("core.gardener.cloud/v1beta1", "Shoot", "s" + i, namespace(p));
        ((ObjectNode) shoot.path("metadata"))
                .putObject("labels")
                .put("team", "team-" + p)
                .put("cost-center", "cc-" + (p % 17));
        ((ObjectNode) shoot.path("metadata"))
                .putObject("annotations")
                .put("dashboard.gardener.cloud/ticket", "https://tickets.example.com/" + i);
        ObjectNode spec = shoot.putObject("spec");
        spec.putObject("cloudProfile").put("kind", "CloudProfile").put("name", cloudProfileName(i % CLOUD_PROFILES));
        spec.put(i % 2 == 0 ? "secretBindingName" : "credentialsBindingName", CREDENTIALS);
        spec.put("seedName", seed(s)).put("region", region).put("purpose", i % 3 == 0 ? "evaluation" : "development");
        ObjectNode kubernetes = spec.putObject("kubernetes").put("version", KUBERNETES.get(i % 2));
        kubernetes
                .putObject("kubeAPIServer")
                .putObject("requests")
                .put("maxNonMutatingInflight", 400)
                .put("maxMutatingInflight", 200);
        kubernetes.putObject("kubelet").put("failSwapOn", true).put("serializeImagePulls", false);
        spec.putObject("networking")
                .put("type", "calico")
                .put("nodes", "10.0.0.0/16")
                .put("pods", "10.3.0.0/16")
                .put("services", "10.4.0.0/16")
                .putArray("ipFamilies")
                .add("IPv4");
        ObjectNode maintenance = spec.putObject("maintenance");
        maintenance.putObject("autoUpdate").put("kubernetesVersion", true).put("machineImageVersion", true);
        maintenance
                .putObject("timeWindow")
                .put("begin", String.format(Locale.ROOT, "%02d0000+0100", i % 24))
                .put("end", String.format(Locale.ROOT, "%02d0000+0100", (i + 1) % 24));
        spec.putObject("hibernation")
                .putArray("schedules")
                .addObject()
                .put("start", "00 20 * * 1,2,3,4,5")
                .put("end", "00 07 * * 1,2,3,4,5")
                .put("location", "Europe/Berlin");
        ArrayNode workers = spec.putObject("provider").put("type", "local").putArray("workers");
        for (int w = 0; w < 2; w++) {
            ObjectNode worker = workers.addObject().put("name", "pool-" + (char) ('a' + w));
            worker.putObject("machine")
                    .put("type", "local-m" + ((i + w) % 30))
                    .put("architecture", "amd64")
                    .putObject("image")
                    .put("name", "local")
                    .put("version", "1.0.9");
            worker.putObject("cri").put("name", "containerd");
            worker.put("minimum", 1).put("maximum", 4 + w).put("maxSurge", 1).put("maxUnavailable", 0);
            worker.putArray("zones").add(region + "-" + (char) ('a' + w));
            worker.putObject("labels").put("pool", "pool-" + (char) ('a' + w));
        }
        return bytes(shoot);
    }

    /** The status a gardenlet reports after a successful reconciliation, as a merge patch of {@code /status}. */
    Buffer shootStatus(int i, String uid) {
        int p = projectOf(i);
        String technicalId = "shoot--" + project(p) + "--s" + i;
        ObjectNode patch = Json.MAPPER.createObjectNode();
        ObjectNode status = patch.putObject("status");
        ArrayNode conditions = status.putArray("conditions");
        for (String type : List.of(
                "APIServerAvailable",
                "ControlPlaneHealthy",
                "ObservabilityComponentsHealthy",
                "EveryNodeReady",
                "SystemComponentsHealthy")) {
            condition(
                    conditions,
                    type,
                    "True",
                    type.replace("Healthy", "") + "Healthy",
                    "All checks passed for " + type + ".");
        }
        ArrayNode constraints = status.putArray("constraints");
        condition(
                constraints,
                "HibernationPossible",
                "True",
                "NoProblematicWebhooks",
                "All webhooks are properly configured.");
        condition(
                constraints,
                "MaintenancePreconditionsSatisfied",
                "True",
                "NoProblematicWebhooks",
                "All webhooks are properly configured.");
        condition(
                constraints,
                "CACertificateValiditiesAcceptable",
                "True",
                "NoExpiringCACertificates",
                "All CA certificates are still valid for at least 365 days.");
        condition(
                constraints,
                "CRDsWithProblematicConversionWebhooks",
                "False",
                "NoProblematicConversionWebhooks",
                "All CRDs have a conversion webhook with at most one version.");
        gardener(status, seed(i % seeds()));
        status.put("hibernated", false);
        lastOperation(status, "Shoot cluster has been successfully reconciled.");
        status.put("observedGeneration", 1)
                .put("seedName", seed(i % seeds()))
                .put("technicalID", technicalId)
                .put("uid", uid)
                .put("clusterIdentity", technicalId + "-" + uid + "-landscape");
        ArrayNode addresses = status.putArray("advertisedAddresses");
        addresses
                .addObject()
                .put("name", "external")
                .put("url", "https://api.s" + i + "." + project(p) + ".shoot.example.com");
        addresses
                .addObject()
                .put("name", "internal")
                .put("url", "https://api.s" + i + "." + project(p) + ".internal.example.com");
        addresses
                .addObject()
                .put("name", "service-account-issuer")
                .put("url", "https://discovery.example.com/projects/" + project(p) + "/shoots/" + uid + "/issuer");
        ObjectNode rotation = status.putObject("credentials").putObject("rotation");
        for (String credential : List.of("certificateAuthorities", "etcdEncryptionKey", "serviceAccountKey")) {
            rotation.putObject(credential)
                    .put("phase", "Completed")
                    .put("lastInitiationTime", TIME)
                    .put("lastInitiationFinishedTime", TIME)
                    .put("lastCompletionTime", LATER);
        }
        rotation.putObject("observability").put("lastInitiationTime", TIME).put("lastCompletionTime", TIME);
        rotation.putObject("sshKeypair").put("lastInitiationTime", TIME).put("lastCompletionTime", TIME);
        status.putObject("lastMaintenance")
                .put("description", "All maintenance operations successful.")
                .put("triggeredTime", TIME)
                .put("state", "Succeeded");
        ObjectNode networking = status.putObject("networking");
        networking.putArray("nodes").add("10.0.0.0/16");
        networking.putArray("pods").add("10.3.0.0/16");
        networking.putArray("services").add("10.4.0.0/16");
        networking.putArray("egressCIDRs").add("203.0." + (i % 256) + ".17/32");
        return bytes(patch);
    }

    /**
     * Shoot {@code i}'s ShootState: the secrets manager's CAs and keys, the machine state (the bulk), the
     * extensions' states and the resources they refer to, with random base64 where Gardener keeps keys and
     * compressed state (which do not compress, so neither does this).
     */
    Buffer shootState(int i) {
        SplittableRandom random = new SplittableRandom(0x5eed + i);
        ObjectNode state = object("core.gardener.cloud/v1beta1", "ShootState", "s" + i, namespace(projectOf(i)));
        ObjectNode spec = state.putObject("spec");
        ArrayNode gardener = spec.putArray("gardener");
        for (String name : List.of(
                "ca",
                "ca-client",
                "ca-etcd",
                "ca-etcd-peer",
                "ca-front-proxy",
                "ca-kubelet",
                "ca-metrics-server",
                "ca-vpn",
                "etcd-encryption-key",
                "service-account-key",
                "ssh-keypair",
                "observability-ingress-users",
                "kube-apiserver-basic-auth",
                "vpn-seed-server-tlsauth")) {
            ObjectNode entry = gardener.addObject().put("name", name + "-" + Integer.toHexString(random.nextInt()));
            entry.put("type", "secret");
            entry.putObject("labels")
                    .put("managed-by", "secrets-manager")
                    .put("manager-identity", "gardenlet")
                    .put("name", name)
                    .put("persist", "true")
                    .put("rotation-strategy", "keepold")
                    .put("checksum-of-config", Long.toString(random.nextLong() >>> 1))
                    .put("last-rotation-initiation-time", "1732089600");
            ObjectNode data = entry.putObject("data");
            if (name.startsWith("ca")) {
                data.put("ca.crt", randomBase64(random, 1200));
                data.put("ca.key", randomBase64(random, 1700));
            } else {
                data.put("id_rsa", randomBase64(random, 2400));
                data.put("id_rsa.pub", randomBase64(random, 560));
            }
        }
        ArrayNode extensions = spec.putArray("extensions");
        extensionState(extensions, "Infrastructure", "s" + i, null, random, 6_000);
        extensionState(extensions, "ControlPlane", "s" + i, "normal", random, 1_500);
        extensionState(extensions, "Worker", "s" + i, null, random, 12_000);
        extensionState(extensions, "DNSRecord", "s" + i + "-external", null, random, 300);
        extensionState(extensions, "Extension", "shoot-dns-service", null, random, 4_000);
        extensionState(extensions, "BackupEntry", "shoot--" + project(projectOf(i)) + "--s" + i, null, random, 200);
        ArrayNode resources = spec.putArray("resources");
        // the reference is inlined, as Gardener's ResourceData embeds it
        ObjectNode resource = resources
                .addObject()
                .put("apiVersion", "v1")
                .put("kind", "Secret")
                .put("name", "cloudprovider");
        resource.putObject("data").put("kubeconfig", randomBase64(random, 1500));
        // the machine state (compressed machine deployments and machines) makes up the rest
        ObjectNode machineState =
                gardener.addObject().put("name", "machine-state").put("type", "machine-state");
        ObjectNode data = machineState.putObject("data");
        int rest = stateKib * 1024 - bytes(state).length() - 64;
        data.put("state", randomBase64(random, Math.max(0, rest * 3 / 4)));
        return bytes(state);
    }

    private static void extensionState(
            ArrayNode extensions, String kind, String name, String purpose, SplittableRandom random, int stateBytes) {
        ObjectNode e = extensions.addObject().put("kind", kind).put("name", name);
        if (purpose != null) {
            e.put("purpose", purpose);
        }
        ObjectNode state = e.putObject("state")
                .put("apiVersion", "local.provider.extensions.gardener.cloud/v1alpha1")
                .put("kind", kind + "State");
        state.putObject("data").put("compressed", randomBase64(random, stateBytes));
    }

    private static String region(int r) {
        return "local-r" + r;
    }

    static String cloudProfileName(int c) {
        return "local-" + c;
    }

    private static ObjectNode object(String apiVersion, String kind, String name, String namespace) {
        ObjectNode o =
                Json.MAPPER.createObjectNode().put("apiVersion", apiVersion).put("kind", kind);
        ObjectNode metadata = o.putObject("metadata").put("name", name);
        if (namespace != null) {
            metadata.put("namespace", namespace);
        }
        return o;
    }

    private static void credentialsRef(ObjectNode dns, String secret) {
        dns.putObject("credentialsRef")
                .put("apiVersion", "v1")
                .put("kind", "Secret")
                .put("name", secret)
                .put("namespace", "garden");
    }

    private static void gardener(ObjectNode status, String seed) {
        status.putObject("gardener")
                .put("id", Integer.toHexString(seed.hashCode()) + "5b6f3c2d1e0a")
                .put("name", "gardenlet-" + seed + "-7c9d8b5f4-x2k8q")
                .put("version", "v1.120.0");
    }

    private static void lastOperation(ObjectNode status, String description) {
        status.putObject("lastOperation")
                .put("description", description)
                .put("lastUpdateTime", LATER)
                .put("progress", 100)
                .put("state", "Succeeded")
                .put("type", "Reconcile");
    }

    private static void condition(ArrayNode conditions, String type, String status, String reason, String message) {
        conditions
                .addObject()
                .put("type", type)
                .put("status", status)
                .put("lastTransitionTime", TIME)
                .put("lastUpdateTime", LATER)
                .put("reason", reason)
                .put("message", message);
    }

    private static String randomBase64(SplittableRandom random, int bytes) {
        byte[] raw = new byte[bytes];
        random.nextBytes(raw);
        return Base64.getEncoder().encodeToString(raw);
    }

    private static Buffer bytes(ObjectNode node) {
        try {
            return Buffer.buffer(Json.MAPPER.writeValueAsBytes(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
