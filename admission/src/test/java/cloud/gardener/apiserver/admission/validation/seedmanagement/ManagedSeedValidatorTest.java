package cloud.gardener.apiserver.admission.validation.seedmanagement;

import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertOnly;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertValid;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.edited;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.example;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.remove;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.set;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.stored;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validate;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ManagedSeedValidatorTest {

    private static final String CONFIG = "spec.gardenlet.config";

    @ParameterizedTest
    @ValueSource(
            strings = {
                "55-managedseed-gardenlet.yaml",
                "provider-local/managedseeds/managedseed.yaml",
                "provider-local/managedseeds/managedseed-ipv6.yaml"
            })
    void examplesAreValid(String file) {
        ObjectNode managedSeed = example(file);
        assertValid(validate(managedSeed));
        assertValid(validateUpdate(stored(managedSeed), stored(managedSeed)));
    }

    static Stream<Arguments> invalidCreates() {
        return Stream.of(
                cse("name is no DNS label", set("metadata.name", "a.b"), "metadata.name", INVALID),
                cse("namespace missing", remove("metadata.namespace"), "metadata.namespace", REQUIRED),
                cse(
                        "unknown operation",
                        set("metadata.annotations", "{'gardener.cloud/operation':'restart'}"),
                        "metadata.annotations[gardener.cloud/operation]",
                        NOT_SUPPORTED),
                cse("shoot missing", remove("spec.shoot"), "spec.shoot", REQUIRED),
                cse("shoot name empty", set("spec.shoot.name", ""), "spec.shoot.name", REQUIRED),
                cse(
                        "unknown bootstrap",
                        set("spec.gardenlet.bootstrap", "Magic"),
                        "spec.gardenlet.bootstrap",
                        NOT_SUPPORTED),
                cse(
                        "negative replicas",
                        set("spec.gardenlet.deployment.replicaCount", -1),
                        "spec.gardenlet.deployment.replicaCount",
                        INVALID),
                cse(
                        "negative revision history",
                        set("spec.gardenlet.deployment.revisionHistoryLimit", -1),
                        "spec.gardenlet.deployment.revisionHistoryLimit",
                        INVALID),
                cse(
                        "bad service account name",
                        set("spec.gardenlet.deployment.serviceAccountName", "A_b"),
                        "spec.gardenlet.deployment.serviceAccountName",
                        INVALID),
                cse(
                        "empty image ref",
                        set("spec.gardenlet.deployment.image", "{'ref':''}"),
                        "spec.gardenlet.deployment.image.ref",
                        INVALID),
                cse(
                        "empty image repository",
                        set("spec.gardenlet.deployment.image", "{'repository':''}"),
                        "spec.gardenlet.deployment.image.repository",
                        INVALID),
                cse(
                        "empty image tag",
                        set("spec.gardenlet.deployment.image", "{'repository':'r','tag':''}"),
                        "spec.gardenlet.deployment.image.tag",
                        INVALID),
                cse(
                        "ref and repository",
                        set("spec.gardenlet.deployment.image", "{'ref':'r:1','repository':'r'}"),
                        "spec.gardenlet.deployment.image",
                        FORBIDDEN),
                cse(
                        "bad pull policy",
                        set("spec.gardenlet.deployment.image", "{'ref':'r:1','pullPolicy':'Sometimes'}"),
                        "spec.gardenlet.deployment.image.pullPolicy",
                        NOT_SUPPORTED),
                cse(
                        "bad pod label",
                        set("spec.gardenlet.deployment.podLabels", "{'a/b/c':'x'}"),
                        "spec.gardenlet.deployment.podLabels",
                        INVALID),
                cse(
                        "bad pod annotation",
                        set("spec.gardenlet.deployment.podAnnotations", "{'-x':'y'}"),
                        "spec.gardenlet.deployment.podAnnotations",
                        INVALID),
                cse(
                        "seed name set",
                        set(CONFIG + ".seedConfig.metadata.name", "x"),
                        CONFIG + ".seedConfig.metadata.name",
                        FORBIDDEN),
                cse(
                        "kubeconfig with bootstrap token",
                        set(CONFIG + ".gardenClientConnection.kubeconfig", "k"),
                        CONFIG + ".gardenClientConnection.kubeconfig",
                        FORBIDDEN),
                cse(
                        "no kubeconfig without bootstrap nor merge",
                        both(
                                set("spec.gardenlet.bootstrap", "None"),
                                set("spec.gardenlet.mergeWithParent", false),
                                set(CONFIG + ".gardenClientConnection", "{}")),
                        CONFIG + ".gardenClientConnection.kubeconfig",
                        REQUIRED),
                cse(
                        "bootstrap kubeconfig without bootstrap",
                        both(
                                set("spec.gardenlet.bootstrap", "None"),
                                set(CONFIG + ".gardenClientConnection.bootstrapKubeconfig", "{'name':'b'}")),
                        CONFIG + ".gardenClientConnection.bootstrapKubeconfig",
                        FORBIDDEN),
                cse(
                        "kubeconfig secret without bootstrap",
                        both(
                                set("spec.gardenlet.bootstrap", "None"),
                                set(CONFIG + ".gardenClientConnection.kubeconfigSecret", "{'name':'b'}")),
                        CONFIG + ".gardenClientConnection.kubeconfigSecret",
                        FORBIDDEN),
                cse(
                        "negative burst",
                        set(CONFIG + ".gardenClientConnection.burst", -1),
                        CONFIG + ".gardenClientConnection.burst",
                        INVALID),
                cse(
                        "seed client burst",
                        set(CONFIG + ".seedClientConnection.burst", -1),
                        CONFIG + ".seedClientConnection.burst",
                        INVALID),
                cse(
                        "shoot client burst",
                        set(CONFIG + ".shootClientConnection.burst", -1),
                        CONFIG + ".shootClientConnection.burst",
                        INVALID),
                cse(
                        "short kubeconfig validity",
                        set(CONFIG + ".gardenClientConnection.kubeconfigValidity.validity", "5m"),
                        CONFIG + ".gardenClientConnection.kubeconfigValidity.validity",
                        INVALID),
                cse(
                        "jitter max above 100",
                        set(
                                CONFIG + ".gardenClientConnection.kubeconfigValidity",
                                "{'autoRotationJitterPercentageMax':101}"),
                        CONFIG + ".gardenClientConnection.kubeconfigValidity.autoRotationJitterPercentageMax",
                        INVALID),
                cse(
                        "jitter min above max",
                        set(
                                CONFIG + ".gardenClientConnection.kubeconfigValidity",
                                "{'autoRotationJitterPercentageMin':50,'autoRotationJitterPercentageMax':40}"),
                        CONFIG + ".gardenClientConnection.kubeconfigValidity.autoRotationJitterPercentageMin",
                        INVALID),
                cse(
                        "leader election without lock",
                        set(
                                CONFIG + ".leaderElection",
                                "{'leaderElect':true,"
                                        + "'leaseDuration':'15s','renewDeadline':'10s','retryPeriod':'2s','resourceNamespace':'garden',"
                                        + "'resourceName':'gardenlet'}"),
                        "leaderElection.resourceLock",
                        INVALID),
                cse("unknown log level", set(CONFIG + ".logLevel", "trace"), "logLevel", NOT_SUPPORTED),
                cse("unknown log format", set(CONFIG + ".logFormat", "xml"), "logFormat", NOT_SUPPORTED),
                cse(
                        "negative concurrent syncs",
                        set(CONFIG + ".controllers.shoot.concurrentSyncs", -1),
                        CONFIG + ".controllers.shoot.concurrentSyncs",
                        INVALID),
                cse(
                        "negative progress period",
                        set(CONFIG + ".controllers.shoot.progressReportPeriod", "-1s"),
                        CONFIG + ".controllers.shoot.progressReporterPeriod",
                        INVALID),
                cse(
                        "dns ttl out of range",
                        set(CONFIG + ".controllers.shoot.dnsEntryTTLSeconds", 10),
                        CONFIG + ".controllers.shoot.dnsEntryTTLSeconds",
                        INVALID),
                cse(
                        "negative care threshold",
                        set(
                                CONFIG + ".controllers.shootCare.conditionThresholds",
                                "[{'type':'APIServerAvailable','duration':'-1m'}]"),
                        CONFIG + ".controllers.shootCare.conditionThresholds[0].duration",
                        INVALID),
                cse(
                        "negative managed seed sync",
                        set(CONFIG + ".controllers.managedSeed.syncJitterPeriod", "-1s"),
                        CONFIG + ".controllers.managedSeed.syncJitterPeriod",
                        INVALID),
                cse(
                        "bad namespace selector",
                        set(
                                CONFIG + ".controllers.networkPolicy.additionalNamespaceSelectors",
                                "[{'matchExpressions':[{'key':'a','operator':'In'}]}]"),
                        CONFIG
                                + ".controllers.networkPolicy.additionalNamespaceSelectors[0].matchExpressions[0].values",
                        REQUIRED),
                cse(
                        "purposes without grace period",
                        set(CONFIG + ".controllers.backupEntry", "{'deletionGracePeriodShootPurposes':['production']}"),
                        CONFIG + ".controllers.backupEntry.deletionGracePeriodShootPurposes",
                        FORBIDDEN),
                cse(
                        "unknown purpose",
                        set(
                                CONFIG + ".controllers.backupEntry",
                                "{'deletionGracePeriodHours':1,'deletionGracePeriodShootPurposes':['fun']}"),
                        CONFIG + ".controllers.backupEntry.deletionGracePeriodShootPurposes[0]",
                        NOT_SUPPORTED),
                cse(
                        "negative bastion syncs",
                        set(CONFIG + ".controllers.bastion.concurrentSyncs", -2),
                        CONFIG + ".controllers.bastion.concurrentSyncs",
                        INVALID),
                cse(
                        "negative token expiration",
                        set(CONFIG + ".controllers.tokenRequestorWorkloadIdentity.tokenExpirationDuration", "-1h"),
                        CONFIG + ".controllers.tokenRequestorWorkloadIdentity.tokenExpirationDuration",
                        INVALID),
                cse(
                        "reserved above capacity",
                        set(CONFIG + ".resources", "{'capacity':{'shoots':'10'}," + "'reserved':{'shoots':'11'}}"),
                        CONFIG + ".resources.reserved.shoots",
                        INVALID),
                cse(
                        "reserved without capacity",
                        set(CONFIG + ".resources.reserved", "{'pods':'1'}"),
                        CONFIG + ".resources.reserved.pods",
                        INVALID),
                cse(
                        "bad sni ip",
                        set(CONFIG + ".sni.ingress.serviceExternalIP", "1.2.3"),
                        CONFIG + ".sni.ingress.serviceExternalIP",
                        INVALID),
                cse(
                        "bad exposure class handler name",
                        set(CONFIG + ".exposureClassHandlers", "[{'name':'A','loadBalancerService':{}}]"),
                        CONFIG + ".exposureClassHandlers[0].name",
                        INVALID),
                cse(
                        "bad exposure class lb class",
                        set(CONFIG + ".exposureClassHandlers", "[{'name':'a','loadBalancerService':{'class':'-x'}}]"),
                        CONFIG + ".exposureClassHandlers[0].loadBalancerService.class",
                        INVALID),
                cse(
                        "bad exposure class ip",
                        set(
                                CONFIG + ".exposureClassHandlers",
                                "[{'name':'a','loadBalancerService':{},'sni':{'ingress':{'serviceExternalIP':'x'}}}]"),
                        CONFIG + ".exposureClassHandlers[0].sni.ingress.serviceExternalIP",
                        INVALID),
                cse(
                        "negative toleration seconds",
                        set(CONFIG + ".nodeToleration.defaultNotReadyTolerationSeconds", -1),
                        CONFIG + ".nodeToleration.defaultNotReadyTolerationSeconds",
                        INVALID),
                cse(
                        "seed template spec checked",
                        set(CONFIG + ".seedConfig.spec.provider.zones", "['a','a']"),
                        CONFIG + ".seedConfig.spec.provider.zones[1]",
                        FieldErrorType.DUPLICATE),
                cse(
                        "seed template labels",
                        set(CONFIG + ".seedConfig.metadata.labels", "{'a':'-'}"),
                        CONFIG + ".seedConfig.metadata.labels",
                        INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCreates")
    void rejects(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        assertOnly(validate(edited(valid(), edit)), field, type);
    }

    @Test
    void messagesAreGardeners() {
        FieldError op = assertOnly(
                validate(edited(valid(), set("metadata.annotations", "{'gardener.cloud/operation':'restart'}"))),
                "metadata.annotations[gardener.cloud/operation]",
                NOT_SUPPORTED);
        assertThat(op.toString())
                .isEqualTo("metadata.annotations[gardener.cloud/operation]: Unsupported value: "
                        + "\"restart\": supported values: \"reconcile\", \"renew-kubeconfig\"");
        FieldError validity = assertOnly(
                validate(edited(valid(), set(CONFIG + ".gardenClientConnection.kubeconfigValidity.validity", "5m"))),
                CONFIG + ".gardenClientConnection.kubeconfigValidity.validity",
                INVALID);
        assertThat(validity.bodyMessage()).isEqualTo("Invalid value: 5m0s: validity must be at least 10m");
        FieldError period = assertOnly(
                validate(edited(valid(), set(CONFIG + ".controllers.shoot.syncPeriod", "-1s"))),
                CONFIG + ".controllers.shoot.syncPeriod",
                INVALID);
        assertThat(period.bodyMessage()).isEqualTo("Invalid value: -1000000000: must be greater than or equal to 0");
    }

    static Stream<Arguments> invalidUpdates() {
        return Stream.of(
                cse("shoot changed", set("spec.shoot.name", "other"), "spec.shoot", INVALID),
                cse(
                        "bootstrap changed",
                        set("spec.gardenlet.bootstrap", "ServiceAccount"),
                        "spec.gardenlet.bootstrap",
                        INVALID),
                cse(
                        "merge with parent changed",
                        set("spec.gardenlet.mergeWithParent", false),
                        "spec.gardenlet.mergeWithParent",
                        INVALID),
                cse(
                        "operation overwritten",
                        set("metadata.annotations", "{'gardener.cloud/operation':'reconcile'}"),
                        "metadata.annotations[gardener.cloud/operation]",
                        FORBIDDEN),
                cse(
                        "seed template pods changed",
                        set(CONFIG + ".seedConfig.spec.networks.pods", "10.2.0.0/16"),
                        CONFIG + ".seedConfig.spec.networks.pods",
                        INVALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUpdates")
    void rejectsUpdate(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        ObjectNode old = stored(edited(
                valid(),
                set(CONFIG + ".seedConfig.spec.networks.pods", "10.1.0.0/16"),
                set("metadata.annotations", "{'gardener.cloud/operation':'renew-kubeconfig'}")));
        assertOnly(validateUpdate(edited(old, edit), old), field, type);
    }

    @Test
    void shootChangeNamesTheNewShoot() {
        ObjectNode old = stored(valid());
        FieldError e =
                assertOnly(validateUpdate(edited(old, set("spec.shoot.name", "other")), old), "spec.shoot", INVALID);
        assertThat(e.bodyMessage())
                .isEqualTo("Invalid value: seedmanagement.Shoot{Name:\"other\"}: field is immutable");
    }

    private static ObjectNode valid() {
        return example("provider-local/managedseeds/managedseed.yaml");
    }

    @SafeVarargs
    private static Consumer<ObjectNode> both(Consumer<ObjectNode>... edits) {
        return obj -> {
            for (Consumer<ObjectNode> edit : edits) {
                edit.accept(obj);
            }
        };
    }

    static Arguments cse(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        return Arguments.of(name, edit, field, type);
    }
}
