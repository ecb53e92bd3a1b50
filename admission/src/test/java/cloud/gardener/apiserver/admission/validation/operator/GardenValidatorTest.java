package cloud.gardener.apiserver.admission.validation.operator;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertHasError;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertValid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.edited;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.example;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.invalid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.remove;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.render;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.set;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.stored;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validate;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.DUPLICATE;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.core.ValidationCases.Case;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GardenValidatorTest {

    private static final ObjectNode GARDEN = example("operator/20-garden.yaml", "Garden");
    private static final String OPERATION = "metadata.annotations[gardener.cloud/operation]";
    private static final String RUNTIME = "spec.runtimeCluster";
    private static final String VIRTUAL = "spec.virtualCluster";
    private static final String GAPI = VIRTUAL + ".gardener.gardenerAPIServer";
    private static final String DASHBOARD = VIRTUAL + ".gardener.gardenerDashboard";
    private static final String DISCOVERY = VIRTUAL + ".gardener.gardenerDiscoveryServer";

    @Test
    void sharedExampleIsValid() {
        assertValid(validate(GARDEN));
        assertValid(validateUpdate(stored(GARDEN), stored(GARDEN)));
    }

    @Test
    void aGardenWithoutSpecIsJudgedAsGoReadsZeroValues() {
        ObjectNode bare = cloud.gardener.apiserver.admission.validation.core.ValidationCases.json(
                "{'apiVersion':'operator.gardener.cloud/v1alpha1','kind':'Garden','metadata':{'name':'bare'}}");
        assertThat(validate(bare))
                .extracting(FieldError::toString)
                .containsExactly(VIRTUAL
                        + ".kubernetes.version: Unsupported value: \"\": supported values: \"1.32\", \"1.33\", \"1.34\", "
                        + "\"1.35\", \"1.36\"");
        assertHasError(validateUpdate(stored(bare), stored(GARDEN)), VIRTUAL + ".kubernetes.version", INVALID);
        assertHasError(validateUpdate(stored(GARDEN), stored(bare)), VIRTUAL + ".kubernetes.version", INVALID);
    }

    private static Consumer<ObjectNode> operation(String value) {
        return set("metadata.annotations", "{'gardener.cloud/operation':'" + value + "'}");
    }

    private static Consumer<ObjectNode> all(List<Consumer<ObjectNode>> edits) {
        return o -> edits.forEach(e -> e.accept(o));
    }

    static Stream<Case> invalidCases() {
        return Stream.of(
                invalid("unknown operation", operation("explode"), OPERATION, NOT_SUPPORTED),
                invalid(
                        "etcd key start on 1.34",
                        all(List.of(
                                operation("rotate-etcd-encryption-key-start"),
                                set(VIRTUAL + ".kubernetes.version", "1.34.0"))),
                        OPERATION,
                        FORBIDDEN),
                invalid(
                        "full and two-step etcd key rotation together",
                        operation("rotate-etcd-encryption-key;rotate-etcd-encryption-key-start"),
                        OPERATION,
                        FORBIDDEN),
                invalid(
                        "complete CA rotation before it is prepared",
                        operation("rotate-ca-complete"),
                        OPERATION,
                        FORBIDDEN),
                invalid(
                        "start CA rotation while one is running",
                        all(List.of(
                                operation("rotate-ca-start"),
                                set("status.credentials.rotation.certificateAuthorities.phase", "Preparing"))),
                        OPERATION,
                        FORBIDDEN),
                invalid(
                        "start a rotation while deleting",
                        all(List.of(
                                operation("rotate-observability-credentials"),
                                set("metadata.deletionTimestamp", "2024-01-01T00:00:00Z"))),
                        OPERATION,
                        FORBIDDEN),
                invalid(
                        "etcd key rotation while encryption changes roll out",
                        all(List.of(
                                operation("rotate-etcd-encryption-key"),
                                set(
                                        VIRTUAL + ".kubernetes.kubeAPIServer",
                                        "{'encryptionConfig':{'resources':['configmaps']," + "'provider':{}}}"))),
                        OPERATION,
                        FORBIDDEN),
                invalid(
                        "ingress domain with unknown provider",
                        set(RUNTIME + ".ingress.domains[0].provider", "other"),
                        RUNTIME + ".ingress.domains[0].provider",
                        INVALID),
                invalid(
                        "ingress domain without provider",
                        remove(RUNTIME + ".ingress.domains[0].provider"),
                        RUNTIME + ".ingress.domains[0].provider",
                        REQUIRED),
                invalid(
                        "duplicate ingress domain",
                        set(
                                RUNTIME + ".ingress.domains",
                                "[{'name':'a.example.com','provider':'primary'},{'name':'a.example.com','provider':'primary'}]"),
                        RUNTIME + ".ingress.domains[1].name",
                        DUPLICATE),
                invalid(
                        "virtual domain not a subdomain",
                        set(VIRTUAL + ".dns.domains[0].name", "Not_A_Domain"),
                        VIRTUAL + ".dns.domains[0].name",
                        INVALID),
                invalid(
                        "duplicate extension type",
                        set("spec.extensions", "[{'type':'a'},{'type':'a'}]"),
                        "spec.extensions[1].type",
                        DUPLICATE),
                invalid(
                        "duplicate resource name",
                        set(
                                "spec.resources",
                                "[{'name':'r','resourceRef':{'apiVersion':"
                                        + "'v1','kind':'Secret','name':'a'}},{'name':'r','resourceRef':{'apiVersion':'v1','kind':"
                                        + "'Secret','name':'b'}}]"),
                        "spec.resources[1].name",
                        DUPLICATE),
                invalid(
                        "unknown IP family",
                        set(RUNTIME + ".networking.ipFamilies", "['IPv5']"),
                        RUNTIME + ".networking.ipFamilies[0]",
                        NOT_SUPPORTED),
                invalid(
                        "unparsable node network",
                        set(RUNTIME + ".networking.nodes", "['172.18.0.0']"),
                        RUNTIME + ".networking.nodes[0]",
                        INVALID),
                invalid(
                        "nodes overlap pods",
                        set(RUNTIME + ".networking.nodes", "['10.1.0.0/24']"),
                        RUNTIME + ".networking.nodes[0]",
                        INVALID),
                invalid(
                        "pods overlap services",
                        set(RUNTIME + ".networking.pods", "['10.2.0.0/24']"),
                        RUNTIME + ".networking.pods[0]",
                        INVALID),
                invalid(
                        "load balancer traffic policy",
                        set(RUNTIME + ".settings.loadBalancerServices", "{'externalTrafficPolicy':'Nowhere'}"),
                        RUNTIME + ".settings.loadBalancerServices.externalTrafficPolicy",
                        NOT_SUPPORTED),
                invalid(
                        "topology-aware routing without HA",
                        set(RUNTIME + ".settings.topologyAwareRouting.enabled", true),
                        RUNTIME + ".settings.topologyAwareRouting.enabled",
                        FORBIDDEN),
                invalid(
                        "topology-aware routing with one zone",
                        all(List.of(
                                set(RUNTIME + ".settings.topologyAwareRouting.enabled", true),
                                set(VIRTUAL + ".controlPlane", "{'highAvailability':{}}"),
                                set(RUNTIME + ".provider.zones", "['0']"))),
                        RUNTIME + ".settings.topologyAwareRouting.enabled",
                        FORBIDDEN),
                invalid(
                        "unsupported Kubernetes version",
                        set(VIRTUAL + ".kubernetes.version", "1.31.5"),
                        VIRTUAL + ".kubernetes.version",
                        NOT_SUPPORTED),
                invalid(
                        "SNI pattern matches the API server domain",
                        set(
                                VIRTUAL + ".kubernetes.kubeAPIServer",
                                "{'sni':{'domainPatterns':['foo.example.com','*.virtual-garden.local.gardener.cloud']}}"),
                        VIRTUAL + ".kubernetes.kubeAPIServer.sni.domainPatterns[1]",
                        FORBIDDEN),
                invalid(
                        "unparsable virtual services",
                        set(VIRTUAL + ".networking.services", "['100.64.0.0']"),
                        VIRTUAL + ".networking.services[0]",
                        INVALID),
                invalid(
                        "virtual services overlap runtime pods",
                        set(VIRTUAL + ".networking.services", "['10.1.128.0/17']"),
                        VIRTUAL + ".networking.services[0]",
                        INVALID),
                invalid(
                        "three service ranges",
                        set(VIRTUAL + ".networking.services", "['100.64.0.0/13','100.72.0.0/13','fd00::/108']"),
                        VIRTUAL + ".networking.services",
                        FORBIDDEN),
                invalid(
                        "two IPv4 service ranges",
                        set(VIRTUAL + ".networking.services", "['100.64.0.0/13','100.72.0.0/13']"),
                        VIRTUAL + ".networking.services",
                        FORBIDDEN),
                invalid(
                        "unknown gardener-apiserver admission plugin",
                        set(GAPI + ".admissionPlugins", "[{'name':'PodNodeSelector'}]"),
                        GAPI + ".admissionPlugins[0].name",
                        NOT_SUPPORTED),
                invalid(
                        "admission plugin without name",
                        set(GAPI + ".admissionPlugins", "[{'disabled':true}]"),
                        GAPI + ".admissionPlugins[0].name",
                        REQUIRED),
                invalid(
                        "encryption resource not lower case",
                        set(GAPI + ".encryptionConfig", "{'resources':['Shoots.core.gardener.cloud'],'provider':{}}"),
                        GAPI + ".encryptionConfig.resources[0]",
                        INVALID),
                invalid(
                        "encryption resource wildcard",
                        set(GAPI + ".encryptionConfig", "{'resources':['*.core.gardener.cloud'],'provider':{}}"),
                        GAPI + ".encryptionConfig.resources[0]",
                        INVALID),
                invalid(
                        "duplicate encryption resource",
                        set(
                                GAPI + ".encryptionConfig",
                                "{'resources':['shoots.core.gardener.cloud','shoots.core.gardener.cloud'],'provider':{}}"),
                        GAPI + ".encryptionConfig.resources[1]",
                        DUPLICATE),
                invalid(
                        "always encrypted resource",
                        set(
                                GAPI + ".encryptionConfig",
                                "{'resources':['shootstates.core.gardener.cloud'],'provider':{}}"),
                        GAPI + ".encryptionConfig.resources[0]",
                        FORBIDDEN),
                invalid(
                        "resource not served by gardener-apiserver",
                        set(GAPI + ".encryptionConfig", "{'resources':['configmaps'],'provider':{}}"),
                        GAPI + ".encryptionConfig.resources[0]",
                        INVALID),
                invalid(
                        "encryption provider differs from kube-apiserver's",
                        set(GAPI + ".encryptionConfig", "{'provider':{'type':'aesgcm'}}"),
                        GAPI + ".encryptionConfig.provider.type",
                        INVALID),
                invalid(
                        "admin kubeconfig expiration below 1h",
                        set(GAPI + ".shootAdminKubeconfigMaxExpiration", "30m"),
                        GAPI + ".shootAdminKubeconfigMaxExpiration",
                        INVALID),
                invalid(
                        "admin kubeconfig expiration above 2^32s",
                        set(GAPI + ".shootAdminKubeconfigMaxExpiration", "1193047h"),
                        GAPI + ".shootAdminKubeconfigMaxExpiration",
                        INVALID),
                invalid(
                        "unknown gardener-apiserver feature gate",
                        set(GAPI + ".featureGates", "{'Foo':true}"),
                        GAPI + ".featureGates.Foo",
                        FORBIDDEN),
                invalid(
                        "locked feature gate",
                        set(
                                VIRTUAL + ".gardener.gardenerControllerManager",
                                "{'featureGates':{'DoNotCopyBackupCredentials':false}}"),
                        VIRTUAL + ".gardener.gardenerControllerManager.featureGates.DoNotCopyBackupCredentials",
                        FORBIDDEN),
                invalid(
                        "unknown scheduler feature gate",
                        set(VIRTUAL + ".gardener.gardenerScheduler", "{'featureGates':{'Foo':true}}"),
                        VIRTUAL + ".gardener.gardenerScheduler.featureGates.Foo",
                        FORBIDDEN),
                invalid(
                        "dashboard token login off without OIDC",
                        set(DASHBOARD + ".enableTokenLogin", false),
                        DASHBOARD + ".enableTokenLogin",
                        FORBIDDEN),
                invalid(
                        "dashboard CA from SNI without SNI",
                        set(DASHBOARD + ".propagateCAFromSNI", true),
                        DASHBOARD + ".propagateCAFromSNI",
                        FORBIDDEN),
                invalid(
                        "dashboard OIDC without structured authentication",
                        set(
                                DASHBOARD + ".oidcConfig",
                                "{'issuerURL':'https://issuer.example.com','clientIDPublic':'c','secretRef':{'name':'s'}}"),
                        DASHBOARD + ".oidcConfig",
                        INVALID),
                invalid(
                        "dashboard OIDC issuer not https",
                        set(
                                DASHBOARD + ".oidcConfig",
                                "{'issuerURL':'http://issuer.example.com','clientIDPublic':'c','secretRef':{'name':'s'}}"),
                        DASHBOARD + ".oidcConfig.issuerURL",
                        INVALID),
                invalid(
                        "dashboard OIDC without client ID",
                        set(
                                DASHBOARD + ".oidcConfig",
                                "{'issuerURL':'https://issuer.example.com','secretRef':{'name':'s'}}"),
                        DASHBOARD + ".oidcConfig.clientIDPublic",
                        REQUIRED),
                invalid(
                        "dashboard domain with unknown provider",
                        set(DASHBOARD + ".domain", "{'name':'dashboard.example.com','provider':'other'}"),
                        DASHBOARD + ".domain.provider",
                        INVALID),
                invalid(
                        "discovery domain with unknown provider",
                        set(DISCOVERY, "{'domain':" + "{'name':'discovery.example.com','provider':'other'}}"),
                        DISCOVERY + ".domain.provider",
                        INVALID),
                invalid(
                        "discovery TLS secret name",
                        set(DISCOVERY, "{'tlsSecretName':'Not_A_Name'}"),
                        DISCOVERY + ".tlsSecretName",
                        INVALID),
                // the Shoot's ValidateKubeAPIServer and ValidateKubeControllerManager (workerless)
                invalid(
                        "virtual kube-apiserver requests",
                        set(VIRTUAL + ".kubernetes.kubeAPIServer.requests", "{'maxMutatingInflight':2501}"),
                        VIRTUAL + ".kubernetes.kubeAPIServer.requests." + "maxMutatingInflight",
                        INVALID),
                invalid(
                        "virtual kube-apiserver admission plugin",
                        set(
                                VIRTUAL + ".kubernetes.kubeAPIServer." + "admissionPlugins",
                                "[{'name':'NamespaceLifecycle','disabled':true}]"),
                        VIRTUAL + ".kubernetes.kubeAPIServer.admissionPlugins[0]",
                        FORBIDDEN),
                invalid(
                        "virtual kube-controller-manager HPA",
                        set(VIRTUAL + ".kubernetes.kubeControllerManager", "{'horizontalPodAutoscaler':{}}"),
                        VIRTUAL + ".kubernetes.kubeControllerManager." + "horizontalPodAutoscaler",
                        FORBIDDEN),
                invalid(
                        "gardener-apiserver requests",
                        set(GAPI + ".requests", "{'maxNonMutatingInflight':5001}"),
                        GAPI + ".requests.maxNonMutatingInflight",
                        INVALID),
                invalid(
                        "gardener-apiserver logging",
                        set(GAPI + ".logging", "{'verbosity':-1}"),
                        GAPI + ".logging.verbosity",
                        INVALID),
                invalid(
                        "gardener-apiserver watch cache sizes",
                        set(GAPI + ".watchCacheSizes", "{'resources':[{'resource':'Shoots','size':1}]}"),
                        GAPI + ".watchCacheSizes.resources[0].resource",
                        INVALID),
                invalid(
                        "gardener-apiserver audit policy",
                        set(GAPI + ".auditConfig.auditPolicy.configMapRef", "{}"),
                        GAPI + ".auditConfig.auditPolicy.configMapRef.name",
                        REQUIRED),
                invalid(
                        "virtual etcd autoscaling",
                        set(VIRTUAL + ".etcd.events.autoscaling", "{'minAllowed':" + "{'memory':'10M'}}"),
                        VIRTUAL + ".etcd.events.autoscaling.minAllowed.memory",
                        INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void rejects(Case c) {
        ObjectNode garden = edited(GARDEN, c.edit());
        assertHasError(validate(garden), c.field(), c.type());
        // Gardener's update validation includes the create rules
        assertHasError(validateUpdate(stored(garden), stored(garden)), c.field(), c.type());
    }

    /** An edit that keeps the Garden valid. */
    record Variant(String name, Consumer<ObjectNode> edit) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Variant> validVariants() {
        return Stream.of(
                // Gardener's duplicate check of DNS providers never records a name, so duplicates pass
                new Variant(
                        "duplicate DNS provider names",
                        set(
                                "spec.dns.providers",
                                "[{'name':'primary','type':'local','secretRef':{'name':'garden-dns-local'}},"
                                        + "{'name':'primary','type':'other','secretRef':{'name':'other'}}]")),
                new Variant("reconcile and CA rotation start", operation("reconcile;rotate-ca-start")),
                new Variant(
                        "complete CA rotation once prepared",
                        all(List.of(
                                operation("rotate-ca-complete"),
                                set("status.credentials.rotation.certificateAuthorities.phase", "Prepared")))),
                new Variant(
                        "gardener-apiserver plugin and encryption",
                        set(
                                GAPI,
                                "{'admissionPlugins':"
                                        + "[{'name':'ShootDNSRewriting'}],'encryptionConfig':{'resources':"
                                        + "['shoots.core.gardener.cloud','managedseeds.seedmanagement.gardener.cloud'],'provider':{}},"
                                        + "'shootAdminKubeconfigMaxExpiration':'24h','featureGates':{'RemoveVali':true}}")),
                new Variant(
                        "dual-stack services", set(VIRTUAL + ".networking.services", "['100.64.0.0/13','fd00::/108']")),
                new Variant(
                        "topology-aware routing with HA and zones",
                        all(List.of(
                                set(RUNTIME + ".settings.topologyAwareRouting.enabled", true),
                                set(VIRTUAL + ".controlPlane", "{'highAvailability':{}}")))),
                // a Garden's etcd keys are rotated by hand, so AES-GCM needs no auto rotation
                new Variant(
                        "virtual kube-apiserver with AES-GCM",
                        set(
                                VIRTUAL + ".kubernetes.kubeAPIServer",
                                "{'encryptionConfig':{'provider':{'type':'aesgcm'}},'eventTTL':'2h'}")),
                new Variant(
                        "SNI pattern for another domain",
                        set(
                                VIRTUAL + ".kubernetes.kubeAPIServer",
                                "{'sni':{'domainPatterns':['*.local.gardener.cloud']}}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validVariants")
    void accepts(Variant c) {
        assertValid(validate(edited(GARDEN, c.edit())));
    }

    static Stream<Case> invalidUpdates() {
        return Stream.of(
                invalid(
                        "first ingress domain",
                        set(RUNTIME + ".ingress.domains[0].name", "other.example.com"),
                        RUNTIME + ".ingress.domains[0]",
                        INVALID),
                invalid(
                        "first virtual domain",
                        set(VIRTUAL + ".dns.domains[0].name", "other.example.com"),
                        VIRTUAL + ".dns.domains[0].name",
                        INVALID),
                invalid(
                        "node network removed",
                        remove(RUNTIME + ".networking.nodes"),
                        RUNTIME + ".networking.nodes",
                        FORBIDDEN),
                invalid(
                        "pod network changed",
                        set(RUNTIME + ".networking.pods", "['10.3.0.0/16']"),
                        RUNTIME + ".networking.pods[0]",
                        INVALID),
                invalid(
                        "runtime service network changed",
                        set(RUNTIME + ".networking.services", "['10.4.0.0/16']"),
                        RUNTIME + ".networking.services[0]",
                        INVALID),
                invalid(
                        "virtual service network changed",
                        set(VIRTUAL + ".networking.services", "['100.72.0.0/13']"),
                        VIRTUAL + ".networking.services[0]",
                        INVALID),
                invalid(
                        "virtual service network removed",
                        set(VIRTUAL + ".networking.services", "[]"),
                        VIRTUAL + ".networking.services",
                        FORBIDDEN),
                invalid(
                        "backup deactivated",
                        remove(VIRTUAL + ".etcd.main.backup"),
                        VIRTUAL + ".etcd.main.backup",
                        FORBIDDEN),
                invalid(
                        "bucket name set",
                        set(VIRTUAL + ".etcd.main.backup.bucketName", "other"),
                        VIRTUAL + ".etcd.main.backup.bucketName",
                        INVALID),
                invalid(
                        "Kubernetes downgrade",
                        set(VIRTUAL + ".kubernetes.version", "1.32.5"),
                        VIRTUAL + ".kubernetes.version",
                        FORBIDDEN),
                invalid(
                        "Kubernetes skips a minor",
                        set(VIRTUAL + ".kubernetes.version", "1.35.0"),
                        VIRTUAL + ".kubernetes.version",
                        FORBIDDEN),
                invalid(
                        "encryption resources changed during etcd key rotation",
                        all(List.of(
                                set(
                                        VIRTUAL + ".kubernetes.kubeAPIServer",
                                        "{'encryptionConfig':{'resources':['configmaps']," + "'provider':{}}}"),
                                set("status.credentials.rotation.etcdEncryptionKey.phase", "Preparing"))),
                        VIRTUAL + ".kubernetes.kubeAPIServer.encryptionConfig.resources",
                        FORBIDDEN),
                invalid(
                        "encryption provider changed before the garden was created",
                        set(
                                VIRTUAL + ".kubernetes.kubeAPIServer",
                                "{'encryptionConfig':{'provider':{'type':'aesgcm'}}}"),
                        VIRTUAL + ".kubernetes.kubeAPIServer.encryptionConfig.provider.type",
                        FORBIDDEN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUpdates")
    void rejectsUpdate(Case c) {
        ObjectNode changed = edited(GARDEN, c.edit());
        assertHasError(validateUpdate(stored(changed), stored(GARDEN)), c.field(), c.type());
    }

    @Test
    void discoveryServerStaysAndKeepsItsDomain() {
        // the shared example leaves the discovery server unset (a key with only comments below it)
        ObjectNode enabled = edited(GARDEN, set(DISCOVERY, "{}"));
        assertValid(validateUpdate(stored(enabled), stored(GARDEN)));
        assertHasError(validateUpdate(stored(GARDEN), stored(enabled)), DISCOVERY, FORBIDDEN);
        ObjectNode ownDomain =
                edited(GARDEN, set(DISCOVERY, "{'domain':{'name':'discovery.example.com'," + "'provider':'primary'}}"));
        assertHasError(validateUpdate(stored(ownDomain), stored(enabled)), DISCOVERY + ".domain", INVALID);
        // spelling out the derived domain changes nothing
        ObjectNode derived = edited(
                GARDEN,
                set(
                        DISCOVERY,
                        "{'domain':{'name':"
                                + "'discovery.ingress.runtime-garden.local.gardener.cloud','provider':'primary'}}"));
        assertValid(validateUpdate(stored(derived), stored(enabled)));
    }

    @Test
    void dashboardIssuerUrlIsJudgedAsTheKubeAPIServersIsByGoUrlHost() {
        // Go's URL.Host leaves user info out: an authority of user info alone has no host
        List<String> errors = validate(edited(
                        GARDEN,
                        set(
                                DASHBOARD + ".oidcConfig",
                                "{'issuerURL':'https://user@/x','clientIDPublic':'c','secretRef':{'name':'s'}}")))
                .stream()
                .filter(e -> e.field().equals(DASHBOARD + ".oidcConfig.issuerURL"))
                .map(FieldError::toString)
                .toList();
        assertThat(errors)
                .containsExactly(
                        DASHBOARD + ".oidcConfig.issuerURL: Invalid value: \"https://user@/x\": "
                                + "must be a valid URL and have https scheme",
                        DASHBOARD + ".oidcConfig.issuerURL: Invalid value: \"https://user@/x\": "
                                + "must not contain a username or password");
    }

    @Test
    void highAvailabilityCannotBeRemoved() {
        ObjectNode ha = edited(GARDEN, set(VIRTUAL + ".controlPlane", "{'highAvailability':{}}"));
        assertValid(validateUpdate(stored(ha), stored(GARDEN)));
        assertHasError(validateUpdate(stored(GARDEN), stored(ha)), VIRTUAL + ".controlPlane.highAvailability", INVALID);
    }

    @Test
    void networksAndDomainsMayBeAppendedAndVersionRaisedByOneMinor() {
        ObjectNode grown = edited(
                GARDEN,
                all(List.of(
                        set(RUNTIME + ".networking.nodes", "['172.18.0.0/24','172.19.0.0/24']"),
                        set(
                                RUNTIME + ".ingress.domains",
                                "[{'name':'ingress.runtime-garden.local.gardener.cloud','provider':"
                                        + "'primary'},{'name':'second.example.com','provider':'primary'}]"),
                        set(VIRTUAL + ".kubernetes.version", "1.34.1"))));
        assertValid(validateUpdate(stored(grown), stored(GARDEN)));
    }

    @Test
    void messagesAreGardeners() {
        List<FieldError> errors = validate(edited(
                GARDEN,
                all(List.of(
                        set(RUNTIME + ".networking.nodes", "['10.1.0.0/24']"),
                        set(GAPI + ".shootAdminKubeconfigMaxExpiration", "30m"),
                        set(
                                GAPI + ".encryptionConfig",
                                "{'resources':['shootstates.core.gardener.cloud'],'provider':{}}")))));
        assertThat(errors)
                .extracting(FieldError::toString)
                .as(render(errors))
                .contains(
                        RUNTIME
                                + ".networking.nodes[0]: Invalid value: \"10.1.0.0/24\": node network of runtime cluster "
                                + "intersects with pod network of runtime cluster",
                        GAPI
                                + ".shootAdminKubeconfigMaxExpiration: Invalid value: 30m0s: must be between 1h and 2^32 seconds",
                        GAPI
                                + ".encryptionConfig.resources[0]: Forbidden: \"shootstates.core.gardener.cloud\" are always "
                                + "encrypted");
        assertThat(validate(edited(GARDEN, set(VIRTUAL + ".kubernetes.version", "1.31.5"))))
                .extracting(FieldError::toString)
                .containsExactly(VIRTUAL + ".kubernetes.version: Unsupported value: "
                        + "\"1.31.5\": supported values: \"1.32\", \"1.33\", \"1.34\", \"1.35\", \"1.36\"");
    }
}
