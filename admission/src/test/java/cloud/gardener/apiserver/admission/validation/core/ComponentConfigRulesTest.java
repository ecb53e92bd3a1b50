package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.set;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The component configurations of {@code spec.kubernetes} (and of worker pools' kubelets), case by case as
 * Gardener's shoot_test.go has them: each edit of a valid Shoot yields exactly the listed errors, with Gardener's
 * field paths, types and messages.
 */
class ComponentConfigRulesTest {

    private static final ShootValidator VALIDATOR = new ShootValidator(true);
    private static final String KAS = "spec.kubernetes.kubeAPIServer";
    private static final String KCM = "spec.kubernetes.kubeControllerManager";
    private static final String KUBELET = "spec.kubernetes.kubelet";
    private static final String CA = "spec.kubernetes.clusterAutoscaler";
    private static final String VPA = "spec.kubernetes.verticalPodAutoscaler";

    private static ObjectNode base() {
        try {
            return (ObjectNode) Json.YAML.readTree("""
                    apiVersion: core.gardener.cloud/v1beta1
                    kind: Shoot
                    metadata:
                      name: crazy-botany
                      namespace: garden-dev
                    spec:
                      cloudProfile:
                        kind: CloudProfile
                        name: aws
                      credentialsBindingName: my-account
                      region: eu-west-1
                      provider:
                        type: aws
                        workers:
                        - name: cpu-worker
                          minimum: 1
                          maximum: 3
                          machine:
                            type: m5.large
                            image:
                              name: gardenlinux
                              version: 1592.1.0
                      kubernetes:
                        version: 1.33.2
                      networking:
                        type: calico
                        ipFamilies: [IPv4]
                        pods: 100.96.0.0/11
                        nodes: 10.250.0.0/16
                        services: 100.64.0.0/13
                      maintenance:
                        timeWindow:
                          begin: 220000+0100
                          end: 230000+0100
                    """);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // ---- kube-apiserver
                c("anonymous authentication allowed below 1.35", set(KAS + ".enableAnonymousAuthentication", true)),
                c(
                        "anonymous authentication forbidden from 1.35",
                        set(KAS + ".enableAnonymousAuthentication", false).andThen(version("1.35.0")),
                        KAS + ".enableAnonymousAuthentication: Forbidden: for Kubernetes versions >= 1.35, "
                                + "enableAnonymousAuthentication field is no longer supported"),
                c(
                        "admission plugin without a name stops the plugin checks",
                        set(KAS + ".admissionPlugins", "[{'name':''},{'name':'Unknown'}]"),
                        KAS + ".admissionPlugins[0].name: Required value: must provide a name"),
                c(
                        "required admission plugins cannot be disabled",
                        set(
                                KAS + ".admissionPlugins",
                                "[{'name':'MutatingAdmissionWebhook','disabled':true},"
                                        + "{'name':'NamespaceLifecycle','disabled':false},"
                                        + "{'name':'NodeRestriction','disabled':true}]"),
                        KAS
                                + ".admissionPlugins[0]: Forbidden: admission plugin \"MutatingAdmissionWebhook\" cannot be disabled",
                        KAS
                                + ".admissionPlugins[2]: Forbidden: admission plugin \"NodeRestriction\" cannot be disabled"),
                c(
                        "unknown admission plugin",
                        set(KAS + ".admissionPlugins", "[{'name':'Foo'}]"),
                        KAS + ".admissionPlugins[0].name: Invalid value: \"Foo\": unknown admission plugin \"Foo\""),
                c(
                        "admission plugin removed in this version",
                        set(KAS + ".admissionPlugins", "[{'name':'PersistentVolumeLabel'}]"),
                        KAS + ".admissionPlugins[0].name: Forbidden: admission plugin \"PersistentVolumeLabel\" is not "
                                + "supported in Kubernetes version 1.33.2"),
                c(
                        "admission plugin not yet added",
                        set(KAS + ".admissionPlugins", "[{'name':'JobValidation'}]"),
                        KAS + ".admissionPlugins[0].name: Forbidden: admission plugin \"JobValidation\" is not "
                                + "supported in Kubernetes version 1.33.2"),
                c(
                        "admission plugin without configuration",
                        set(
                                KAS + ".admissionPlugins",
                                "[{'name':'AlwaysPullImages','config':{'a':1},'kubeconfigSecretName':'s'}]"),
                        KAS + ".admissionPlugins[0].config: Forbidden: admission plugin \"AlwaysPullImages\" does not "
                                + "allow configuration",
                        KAS + ".admissionPlugins[0].kubeconfigSecretName: Forbidden: admission plugin "
                                + "\"AlwaysPullImages\" does not allow specifying external kubeconfig"),
                c(
                        "configurable admission plugins",
                        set(
                                KAS + ".admissionPlugins",
                                "[{'name':'PodSecurity','config':{'apiVersion':'pod-security.admission.config.k8s.io/v1',"
                                        + "'kind':'PodSecurityConfiguration'}},{'name':'ValidatingAdmissionWebhook',"
                                        + "'kubeconfigSecretName':'s'}]")),
                c(
                        "PodSecurity configuration of another kind",
                        set(
                                KAS + ".admissionPlugins",
                                "[{'name':'PodSecurity','config':{'apiVersion':'foo/v1','kind':'Bar'}}]"),
                        KAS + ".admissionPlugins[0].config: Invalid value: \"{\\\"apiVersion\\\":\\\"foo/v1\\\","
                                + "\\\"kind\\\":\\\"Bar\\\"}\": expected pod-security.admission.config.k8s.io/v1."
                                + "PodSecurityConfiguration"),
                c(
                        "encryption of valid resources",
                        set(
                                KAS + ".encryptionConfig",
                                "{'resources':['configmaps','nonexistingresource','postgres.fancyoperator.io']}")),
                c(
                        "encryption resources in lower case",
                        set(KAS + ".encryptionConfig", "{'resources':['ConfigMaps','deployments.Apps']}"),
                        KAS
                                + ".encryptionConfig.resources[0]: Invalid value: \"ConfigMaps\": resource must be lower case",
                        KAS + ".encryptionConfig.resources[1]: Invalid value: \"deployments.Apps\": resource must be "
                                + "lower case"),
                c(
                        "encryption of resources without REST API",
                        set(KAS + ".encryptionConfig", "{'resources':['apiserveripinfo','serviceipallocations']}"),
                        KAS + ".encryptionConfig.resources[0]: Invalid value: \"apiserveripinfo\": resources which do "
                                + "not have REST API/s cannot be encrypted",
                        KAS + ".encryptionConfig.resources[1]: Invalid value: \"serviceipallocations\": resources "
                                + "which do not have REST API/s cannot be encrypted"),
                c(
                        "encryption of special groups, wildcards, duplicates and secrets",
                        set(
                                KAS + ".encryptionConfig",
                                "{'resources':['foo.extensions','events.events.k8s.io','*.apps','configmaps.',"
                                        + "'configmaps','configmaps','secrets']}"),
                        KAS + ".encryptionConfig.resources[0]: Invalid value: \"foo.extensions\": 'extensions' group "
                                + "has been removed and cannot be used for encryption",
                        KAS + ".encryptionConfig.resources[1]: Invalid value: \"events.events.k8s.io\": "
                                + "'*.events.k8s.io' objects are stored using the 'events' API group in etcd. Use "
                                + "'events' instead",
                        KAS + ".encryptionConfig.resources[2]: Invalid value: \"*.apps\": wildcards are not supported",
                        KAS + ".encryptionConfig.resources[3]: Invalid value: \"configmaps.\": resource should not end "
                                + "with '.'",
                        // "configmaps." is group "" and resource "configmaps" to Go's ParseGroupResource
                        KAS + ".encryptionConfig.resources[4]: Duplicate value: \"configmaps\"",
                        KAS + ".encryptionConfig.resources[5]: Duplicate value: \"configmaps\"",
                        KAS + ".encryptionConfig.resources[6]: Forbidden: \"secrets\" are always encrypted"),
                c(
                        "encryption provider type",
                        set(KAS + ".encryptionConfig", "{'provider':{'type':'kms'}}"),
                        KAS + ".encryptionConfig.provider.type: Unsupported value: \"kms\": supported values: "
                                + "\"aescbc\", \"aesgcm\", \"secretbox\""),
                c(
                        "AES-GCM needs key auto rotation",
                        set(KAS + ".encryptionConfig", "{'provider':{'type':'aesgcm'}}"),
                        KAS + ".encryptionConfig.provider.type: Forbidden: etcdEncryptionKey auto rotation must be "
                                + "enabled when encryption at rest provider is AES-GCM"),
                c(
                        "AES-GCM with key auto rotation",
                        set(KAS + ".encryptionConfig", "{'provider':{'type':'aesgcm'}}")
                                .andThen(set(
                                        "spec.maintenance.autoRotation",
                                        "{'credentials':{'etcdEncryptionKey':{'rotationPeriod':'168h'}}}"))),
                c(
                        "logging verbosities non-negative",
                        set(KAS + ".logging", "{'verbosity':-1,'httpAccessVerbosity':-1}"),
                        KAS + ".logging.verbosity: Invalid value: -1: must be greater than or equal to 0",
                        KAS + ".logging.httpAccessVerbosity: Invalid value: -1: must be greater than or equal to 0"),
                c(
                        "requests too high",
                        set(KAS + ".requests", "{'maxNonMutatingInflight':123123123,'maxMutatingInflight':412412412}"),
                        KAS + ".requests.maxNonMutatingInflight: Invalid value: 123123123: cannot set higher than 5000",
                        KAS + ".requests.maxMutatingInflight: Invalid value: 412412412: cannot set higher than 2500"),
                c(
                        "requests negative",
                        set(KAS + ".requests", "{'maxNonMutatingInflight':-1,'maxMutatingInflight':-1}"),
                        KAS + ".requests.maxNonMutatingInflight: Invalid value: -1: must be greater than or equal to 0",
                        KAS + ".requests.maxMutatingInflight: Invalid value: -1: must be greater than or equal to 0"),
                c(
                        "max token expiration negative",
                        set(KAS + ".serviceAccountConfig.maxTokenExpiration", "-1ns"),
                        KAS + ".serviceAccountConfig.maxTokenExpiration: Invalid value: -1ns: can not be negative"),
                c(
                        "max token expiration too low",
                        set(KAS + ".serviceAccountConfig.maxTokenExpiration", "1h"),
                        KAS + ".serviceAccountConfig.maxTokenExpiration: Forbidden: must be at least 720h (30d)"),
                c(
                        "max token expiration too high",
                        set(KAS + ".serviceAccountConfig.maxTokenExpiration", "3000h"),
                        KAS + ".serviceAccountConfig.maxTokenExpiration: Forbidden: must be at most 2160h (90d)"),
                c(
                        "accepted issuers duplicated",
                        set(
                                KAS + ".serviceAccountConfig.acceptedIssuers",
                                "['https://issuer.example/auth','https://issuer.example/auth']"),
                        KAS
                                + ".serviceAccountConfig.acceptedIssuers[1]: Duplicate value: \"https://issuer.example/auth\""),
                c(
                        "accepted issuers holding the issuer",
                        set(
                                KAS + ".serviceAccountConfig",
                                "{'issuer':'https://issuer.example/auth','acceptedIssuers':['https://issuer.example/auth']}"),
                        KAS
                                + ".serviceAccountConfig.acceptedIssuers[0]: Invalid value: \"https://issuer.example/auth\": "
                                + "acceptedIssuers cannot contains the issuer field value: https://issuer.example/auth"),
                c(
                        "issuer with http scheme",
                        set(KAS + ".serviceAccountConfig.issuer", "http://issuer.invalid"),
                        KAS + ".serviceAccountConfig.issuer: Invalid value: \"http://issuer.invalid\": must have https "
                                + "scheme"),
                c(
                        "accepted issuer plain string",
                        set(KAS + ".serviceAccountConfig.acceptedIssuers", "['foo']"),
                        KAS
                                + ".serviceAccountConfig.acceptedIssuers[0]: Invalid value: \"foo\": must be a valid URL and "
                                + "have https scheme",
                        KAS
                                + ".serviceAccountConfig.acceptedIssuers[0]: Invalid value: \"foo\": must have https scheme"),
                c(
                        "accepted issuer with fragment, user, query",
                        set(
                                KAS + ".serviceAccountConfig.acceptedIssuers",
                                "['https://issuer.com#fragment','https://user:pass@issuer.com','https://issuer.com?x=1']"),
                        KAS
                                + ".serviceAccountConfig.acceptedIssuers[0]: Invalid value: \"https://issuer.com#fragment\": "
                                + "must not contain a fragment",
                        KAS
                                + ".serviceAccountConfig.acceptedIssuers[1]: Invalid value: \"https://user:pass@issuer.com\""
                                + ": must not contain a username or password",
                        KAS + ".serviceAccountConfig.acceptedIssuers[2]: Invalid value: \"https://issuer.com?x=1\": "
                                + "must not contain a query"),
                c(
                        "event TTL too long",
                        set(KAS + ".eventTTL", "25h"),
                        KAS + ".eventTTL: Invalid value: 25h0m0s: can not be longer than 24h"),
                c(
                        "event TTL negative",
                        set(KAS + ".eventTTL", "-1s"),
                        KAS + ".eventTTL: Invalid value: -1s: can not be negative"),
                c(
                        "toleration seconds negative",
                        set(KAS + ".defaultNotReadyTolerationSeconds", -1)
                                .andThen(set(KAS + ".defaultUnreachableTolerationSeconds", -2)),
                        KAS
                                + ".defaultNotReadyTolerationSeconds: Invalid value: -1: must be greater than or equal to 0",
                        KAS + ".defaultUnreachableTolerationSeconds: Invalid value: -2: must be greater than or equal "
                                + "to 0"),
                c(
                        "TLS min version",
                        set(KAS + ".tlsMinVersion", "VersionTLS11"),
                        KAS
                                + ".tlsMinVersion: Unsupported value: \"VersionTLS11\": supported values: \"VersionTLS12\", "
                                + "\"VersionTLS13\""),
                c("autoscaling minimum", set(KAS + ".autoscaling.minAllowed", "{'cpu':'20m','memory':'200M'}")),
                c(
                        "autoscaling below minimum and unknown resource",
                        set(KAS + ".autoscaling.minAllowed", "{'cpu':'10m','memory':'100M','nvidia.com/gpu':'1'}"),
                        KAS + ".autoscaling.minAllowed.cpu: Invalid value: \"10m\": value must be bigger than >= 20m",
                        KAS
                                + ".autoscaling.minAllowed.memory: Invalid value: \"100M\": value must be bigger than >= 200M",
                        KAS
                                + ".autoscaling.minAllowed.nvidia.com/gpu: Unsupported value: \"nvidia.com/gpu\": supported "
                                + "values: \"cpu\", \"memory\""),
                c(
                        "autoscaling without minAllowed",
                        set(KAS + ".autoscaling", "{}"),
                        KAS + ".autoscaling.minAllowed: Required value: must provide minAllowed"),
                c(
                        "API audiences",
                        set(KAS + ".apiAudiences", "['a','a','b,c']"),
                        KAS + ".apiAudiences[1]: Duplicate value: \"a\"",
                        KAS + ".apiAudiences[2]: Invalid value: \"b,c\": audience must not contain commas"),
                c(
                        "watch cache sizes",
                        set(
                                KAS + ".watchCacheSizes",
                                "{'default':-1,'resources':[{'resource':'','size':-1},{'resource':'Pods.x',"
                                        + "'apiGroup':'Apps','size':1}]}"),
                        KAS + ".watchCacheSizes.default: Invalid value: -1: must be greater than or equal to 0",
                        KAS + ".watchCacheSizes.resources[0].resource: Required value: must not be empty",
                        KAS
                                + ".watchCacheSizes.resources[0].size: Invalid value: -1: must be greater than or equal to 0",
                        KAS + ".watchCacheSizes.resources[1].resource: Invalid value: \"Pods.x\": must be lower case",
                        KAS + ".watchCacheSizes.resources[1].resource: Invalid value: \"Pods.x\": must not contain any "
                                + "of the following characters: \",. #\"",
                        KAS + ".watchCacheSizes.resources[1].apiGroup: Invalid value: \"Apps\": must be lower case"),
                c(
                        "default watch cache size from 1.35",
                        set(KAS + ".watchCacheSizes", "{'default':1}").andThen(version("1.35.0")),
                        KAS + ".watchCacheSizes.default: Forbidden: for Kubernetes versions >= 1.35, configuring the "
                                + "default watch cache size is no longer supported"),
                c(
                        "audit policy config map reference",
                        set(KAS + ".auditConfig.auditPolicy.configMapRef", "{}"),
                        KAS + ".auditConfig.auditPolicy.configMapRef.name: Required value: must provide a name"),
                c(
                        "structured authentication",
                        set(KAS + ".structuredAuthentication", "{'configMapName':''}")
                                .andThen(set(KAS + ".featureGates", "{'StructuredAuthenticationConfiguration':false}")),
                        KAS + ".structuredAuthentication: Forbidden: requires feature gate "
                                + "StructuredAuthenticationConfiguration to be enabled",
                        KAS + ".structuredAuthentication.configMapName: Forbidden: must provide a name"),
                c(
                        "structured authorization without kubeconfigs",
                        set(KAS + ".structuredAuthorization", "{'configMapName':'authz'}"),
                        KAS + ".structuredAuthorization.kubeconfigs: Required value: must provide kubeconfig secret "
                                + "references if an authorization config is configured"),
                c(
                        "runtime config",
                        set(
                                KAS + ".runtimeConfig",
                                "{'apps/v1':false,'foo/v1':true,'a/b/c/d':true,"
                                        + "'autoscaling/v2':false,'networking.k8s.io/v1alpha1':true,'v1/pods':false,'v1/foos':true,"
                                        + "'batch/v1':false,'events.k8s.io/v1/events':false}"),
                        KAS + ".runtimeConfig[apps/v1]: Forbidden: api \"apps/v1\" cannot be disabled",
                        KAS + ".runtimeConfig[foo/v1]: Invalid value: \"foo/v1\": unknown API group version \"foo/v1\"",
                        KAS + ".runtimeConfig[a/b/c/d]: Invalid value: \"a/b/c/d\": invalid API Group format "
                                + "\"a/b/c/d\"",
                        KAS
                                + ".runtimeConfig[autoscaling/v2]: Forbidden: api \"autoscaling/v2/horizontalpodautoscalers\" "
                                + "cannot be disabled",
                        // a resource of a required group version cannot be disabled either
                        KAS + ".runtimeConfig[v1/pods]: Forbidden: api \"v1\" cannot be disabled",
                        KAS + ".runtimeConfig[v1/foos]: Invalid value: \"v1/foos\": unknown API group version resource "
                                + "\"v1/foos\"",
                        KAS + ".runtimeConfig[events.k8s.io/v1/events]: Forbidden: api \"events.k8s.io/v1/events\" "
                                + "cannot be disabled"),
                c(
                        "runtime config of a removed API",
                        set(KAS + ".runtimeConfig", "{'autoscaling/v2beta1':true}")
                                .andThen(version("1.36.0")),
                        KAS + ".runtimeConfig[autoscaling/v2beta1]: Forbidden: api \"autoscaling/v2beta1\" is not "
                                + "supported in Kubernetes version 1.36.0, only supported in versions < 1.36"),
                c(
                        "feature gates",
                        set(
                                KAS + ".featureGates",
                                "{'Foo':true,'APIListChunking':true," + "'ContextualLogging':false,'AllAlpha':true}"),
                        KAS + ".featureGates.Foo: Invalid value: \"Foo\": unknown feature gate Foo",
                        KAS + ".featureGates.APIListChunking: Forbidden: not supported in Kubernetes version 1.33.2",
                        KAS
                                + ".featureGates.ContextualLogging: Forbidden: cannot set feature gate to false, feature is "
                                + "locked to true"),
                c(
                        "feature gates of the other components",
                        set(KCM + ".featureGates", "{'Foo':true}")
                                .andThen(set("spec.kubernetes.kubeScheduler.featureGates", "{'Foo':true}"))
                                .andThen(set(
                                        "spec.kubernetes.kubeProxy", "{'mode':'IPTables','featureGates':{'Foo':true}}"))
                                .andThen(set(KUBELET + ".featureGates", "{'Foo':true}"))
                                .andThen(set(VPA + ".featureGates", "{'InPlace':true,'Foo':true,'Goo':true}")),
                        KCM + ".featureGates.Foo: Invalid value: \"Foo\": unknown feature gate Foo",
                        "spec.kubernetes.kubeScheduler.featureGates.Foo: Invalid value: \"Foo\": unknown feature gate Foo",
                        "spec.kubernetes.kubeProxy.featureGates.Foo: Invalid value: \"Foo\": unknown feature gate Foo",
                        KUBELET + ".featureGates.Foo: Invalid value: \"Foo\": unknown feature gate Foo",
                        VPA + ".featureGates.Foo: Invalid value: \"Foo\": unknown feature gate"),
                // ---- etcd
                c(
                        "etcd autoscaling minimum",
                        set(
                                "spec.kubernetes.etcd",
                                "{'main':{'autoscaling':{'minAllowed':"
                                        + "{'memory':'200M'}}},'events':{'autoscaling':{'minAllowed':{'cpu':'-1'}}}}"),
                        "spec.kubernetes.etcd.main.autoscaling.minAllowed.memory: Invalid value: \"200M\": value must "
                                + "be bigger than >= 300M",
                        "spec.kubernetes.etcd.events.autoscaling.minAllowed.cpu: Invalid value: \"-1\": must be "
                                + "greater than or equal to 0"),
                // ---- kubelet
                c(
                        "kubelet valid",
                        set(
                                KUBELET,
                                "{'cpuManagerPolicy':'static','podPidsLimit':100,'maxPods':110,"
                                        + "'imageGCHighThresholdPercent':80,'imageGCLowThresholdPercent':40,'evictionHard':"
                                        + "{'memoryAvailable':'100Mi','nodeFSAvailable':'5%'},'containerLogMaxFiles':2}")),
                c(
                        "kubelet CPU manager policy",
                        set(KUBELET + ".cpuManagerPolicy", "foo"),
                        KUBELET
                                + ".cpuManagerPolicy: Unsupported value: \"foo\": supported values: \"none\", \"static\""),
                c(
                        "kubelet pod PIDs limit",
                        set(KUBELET + ".podPidsLimit", 99),
                        KUBELET + ".podPIDsLimit: Invalid value: 99: podPIDsLimit value must be at least 100"),
                c(
                        "kubelet negative counts",
                        set(
                                KUBELET,
                                "{'maxPods':-1,'evictionMaxPodGracePeriod':-1,"
                                        + "'registryPullQPS':-1,'registryBurst':-1}"),
                        KUBELET + ".maxPods: Invalid value: -1: must be greater than or equal to 0",
                        KUBELET + ".evictionMaxPodGracePeriod: Invalid value: -1: must be greater than or equal to 0",
                        KUBELET + ".registryPullQPS: Invalid value: -1: must be greater than or equal to 0",
                        KUBELET + ".registryBurst: Invalid value: -1: must be greater than or equal to 0"),
                c(
                        "kubelet evictions",
                        set(
                                KUBELET,
                                "{'evictionHard':{'memoryAvailable':'x','imageFSAvailable':'101%'},"
                                        + "'evictionSoftGracePeriod':{'memoryAvailable':'-1m'},"
                                        + "'evictionPressureTransitionPeriod':'-1s',"
                                        + "'evictionMinimumReclaim':{'nodeFSAvailable':'-1'}}"),
                        KUBELET + ".evictionPressureTransitionPeriod: Invalid value: \"-1s\": must be non-negative",
                        KUBELET + ".evictionHard.memoryAvailable: Invalid value: \"x\": field must be either a valid "
                                + "resource quantity (e.g 200Mi) or a percentage (e.g '5%')",
                        KUBELET + ".evictionHard.imagefsAvailable: Invalid value: \"101%\": must not be greater than "
                                + "100% and not smaller than 0%",
                        KUBELET + ".evictionMinimumReclaim.nodefsAvailable: Invalid value: \"-1\": must be greater "
                                + "than or equal to 0",
                        KUBELET + ".evictionSoftGracePeriod.memoryAvailable: Invalid value: \"-1m0s\": must be "
                                + "non-negative"),
                c(
                        "kubelet reserved",
                        set(KUBELET + ".kubeReserved", "{'cpu':'-100m','pid':'-1'}"),
                        KUBELET + ".kubeReserved.cpu: Invalid value: \"-100m\": must be greater than or equal to 0",
                        KUBELET + ".kubeReserved.pid: Invalid value: \"-1\": must be greater than or equal to 0"),
                c(
                        "kubelet image GC",
                        set(
                                KUBELET,
                                "{'imageGCHighThresholdPercent':101,"
                                        + "'imageGCLowThresholdPercent':-1,'imageMinimumGCAge':'-2s'}"),
                        KUBELET + ".imageMinimumGCAge: Invalid value: -2: must be greater than or equal to 0",
                        KUBELET + ".imageGCHighThresholdPercent: Invalid value: 101: value must be in [0,100]",
                        KUBELET + ".imageGCLowThresholdPercent: Invalid value: -1: value must be in [0,100]"),
                c(
                        "kubelet image GC low above high",
                        set(KUBELET, "{'imageGCHighThresholdPercent':50," + "'imageGCLowThresholdPercent':50}"),
                        KUBELET + ".imageGCLowThresholdPercent: Forbidden: imageGCLowThresholdPercent must be less "
                                + "than imageGCHighThresholdPercent"),
                c(
                        "kubelet logs and streaming",
                        set(
                                KUBELET,
                                "{'containerLogMaxFiles':1,'containerLogMaxSize':'-1Mi',"
                                        + "'streamingConnectionIdleTimeout':'5h'}"),
                        KUBELET + ".containerLogMaxFiles: Invalid value: 1: value must be >= 2.",
                        KUBELET + ".containerLogMaxSize: Invalid value: \"-1Mi\": must be greater than or equal to 0",
                        KUBELET + ".streamingConnectionIdleTimeout: Invalid value: 5h0m0s: value must be between 30s "
                                + "and 4h"),
                c(
                        "kubelet swap",
                        set(KUBELET, "{'failSwapOn':true,'memorySwap':{'swapBehavior':'UnlimitedSwap'}}"),
                        KUBELET
                                + ".memorySwap: Forbidden: configuring swap behaviour is not available when the kubelet "
                                + "is configured with 'FailSwapOn=true'",
                        KUBELET + ".memorySwap: Forbidden: configuring swap behaviour is not available when kubelet's "
                                + "'NodeSwap' feature gate is not set",
                        KUBELET + ".memorySwap.swapBehavior: Unsupported value: \"UnlimitedSwap\": supported values: "
                                + "\"NoSwap\", \"LimitedSwap\""),
                c(
                        "kubelet swap with NodeSwap",
                        set(
                                KUBELET,
                                "{'featureGates':{'NodeSwap':true}," + "'memorySwap':{'swapBehavior':'LimitedSwap'}}")),
                c(
                        "kubelet parallel image pulls",
                        set(KUBELET, "{'serializeImagePulls':true,'maxParallelImagePulls':2}"),
                        KUBELET + ".maxParallelImagePulls: Forbidden: maxParallelImagePulls cannot be larger than 1 "
                                + "when serializeImagePulls is set to true"),
                c(
                        "kubelet parallel image pulls below one",
                        set(KUBELET + ".maxParallelImagePulls", 0),
                        KUBELET + ".maxParallelImagePulls: Invalid value: 0: value must be >= 1"),
                c(
                        "kubelet credential verification below 1.35",
                        set(KUBELET + ".imagePullCredentialsVerificationPolicy", "Sometimes"),
                        KUBELET + ".imagePullCredentialsVerificationPolicy: Forbidden: "
                                + "imagePullCredentialsVerificationPolicy is only available for Kubernetes versions >= 1.35",
                        KUBELET
                                + ".imagePullCredentialsVerificationPolicy: Unsupported value: \"Sometimes\": supported "
                                + "values: \"AlwaysVerify\", \"NeverVerify\", \"NeverVerifyAllowlistedImages\", "
                                + "\"NeverVerifyPreloadedImages\""),
                c(
                        "kubelet preloaded images allowlist",
                        set(
                                        KUBELET,
                                        "{'imagePullCredentialsVerificationPolicy':"
                                                + "'NeverVerifyAllowlistedImages','preloadedImagesVerificationAllowlist':["
                                                + "'registry.k8s.io/pause','example.com/*','*',' a','a*b','example.com/a:1.0',"
                                                + "'Example.com/A']}")
                                .andThen(version("1.35.0")),
                        KUBELET
                                + ".preloadedImagesVerificationAllowlist[2]: Invalid value: \"*\": not a valid wildcard "
                                + "pattern, only patterns ending with '/*' are allowed",
                        KUBELET + ".preloadedImagesVerificationAllowlist[3]: Invalid value: \" a\": leading/trailing "
                                + "spaces are not allowed",
                        KUBELET + ".preloadedImagesVerificationAllowlist[4]: Invalid value: \"a*b\": not a valid "
                                + "wildcard pattern, only patterns ending with '/*' are allowed",
                        KUBELET + ".preloadedImagesVerificationAllowlist[5]: Invalid value: \"example.com/a:1.0\": "
                                + "neither tag nor digest is accepted in an image reference",
                        KUBELET + ".preloadedImagesVerificationAllowlist[6]: Invalid value: \"Example.com/A\": failed "
                                + "to parse as an image name: invalid reference format: repository name must be lowercase"),
                c(
                        "kubelet allowlist needs the allowlist policy",
                        set(KUBELET + ".preloadedImagesVerificationAllowlist", "['a']"),
                        KUBELET
                                + ".preloadedImagesVerificationAllowlist: Forbidden: preloadedImagesVerificationAllowlist "
                                + "may only be set when imagePullCredentialsVerificationPolicy is set to "
                                + "NeverVerifyAllowlistedImages"),
                c(
                        "worker kubelet",
                        set("spec.provider.workers[0].kubernetes", "{'kubelet':{'podPidsLimit':1}}"),
                        "spec.provider.workers[0].kubernetes.kubelet.podPIDsLimit: Invalid value: 1: podPIDsLimit value "
                                + "must be at least 100"),
                c(
                        "worker without own kubelet is judged by the Shoot's",
                        set(KUBELET + ".podPidsLimit", 1)
                                .andThen(set("spec.provider.workers[0].kubernetes", "{'version':'1.33.2'}")),
                        KUBELET + ".podPIDsLimit: Invalid value: 1: podPIDsLimit value must be at least 100",
                        "spec.provider.workers[0].kubernetes.kubelet.podPIDsLimit: Invalid value: 1: podPIDsLimit "
                                + "value must be at least 100"),
                c(
                        "worker autoscaler options",
                        set(
                                "spec.provider.workers[0].clusterAutoscaler",
                                "{'scaleDownUtilizationThreshold':-0.1,'scaleDownGpuUtilizationThreshold':1.1,"
                                        + "'scaleDownUnneededTime':'-1s','scaleDownUnreadyTime':'-2s',"
                                        + "'maxNodeProvisionTime':'-3s'}"),
                        "spec.provider.workers[0].autoscaler.scaleDownUtilizationThreshold: Invalid value: -0.1: can not "
                                + "be negative",
                        "spec.provider.workers[0].autoscaler.scaleDownGpuUtilizationThreshold: Invalid value: 1.1: can "
                                + "not be greater than 1.0",
                        "spec.provider.workers[0].autoscaler.scaleDownUnneededTime: Invalid value: -1s: can not be "
                                + "negative",
                        "spec.provider.workers[0].autoscaler.scaleDownUnreadyTime: Invalid value: -2s: can not be "
                                + "negative",
                        "spec.provider.workers[0].autoscaler.maxNodeProvisionTime: Invalid value: -3s: can not be "
                                + "negative"),
                c(
                        "worker machine-controller-manager settings",
                        set(
                                "spec.provider.workers[0].machineControllerManager",
                                "{'machineDrainTimeout':'-1s','maxEvictRetries':-1,'inPlaceUpdateTimeout':'1m',"
                                        + "'disableHealthTimeout':true,'autoPreserveFailedMachineMax':3}"),
                        "spec.provider.workers[0].machineControllerManagerSettings.machineDrainTimeout: Invalid value: "
                                + "\"-1s\": must be non-negative",
                        "spec.provider.workers[0].machineControllerManagerSettings.maxEvictRetries: Invalid value: -1: "
                                + "must be greater than or equal to 0",
                        "spec.provider.workers[0].machineControllerManagerSettings.inPlaceUpdateTimeout: Forbidden: can "
                                + "only be set when the update strategy is `AutoInPlaceUpdate` or `ManualInPlaceUpdate`",
                        "spec.provider.workers[0].machineControllerManagerSettings.disableHealthTimeout: Forbidden: can "
                                + "only be set to true when the update strategy is `AutoInPlaceUpdate` or "
                                + "`ManualInPlaceUpdate`",
                        "spec.provider.workers[0].machineControllerManagerSettings.autoPreserveFailedMachineMax: Invalid "
                                + "value: 3: must not be greater than maximum-1 value when system components are "
                                + "allowed, need at least one machine to run system components"),
                c(
                        "worker machine-controller-manager settings without system components",
                        set(
                                "spec.provider.workers",
                                "[{'name':'cpu-worker','minimum':1,'maximum':3,"
                                        + "'machine':{'type':'m5.large','image':{'name':'gardenlinux','version':'1592.1.0'}},"
                                        + "'systemComponents':{'allow':false},'machineControllerManager':"
                                        + "{'autoPreserveFailedMachineMax':4}},{'name':'system','minimum':1,'maximum':2,"
                                        + "'machine':{'type':'m5.large','image':{'name':'gardenlinux','version':'1592.1.0'}}}]"),
                        "spec.provider.workers[0].machineControllerManagerSettings.autoPreserveFailedMachineMax: Invalid "
                                + "value: 4: must not be greater than maximum value"),
                // ---- kube-controller-manager
                c(
                        "node CIDR mask size range",
                        set(KCM + ".nodeCIDRMaskSize", 29).andThen(set(KUBELET + ".maxPods", 4)),
                        KCM + ".nodeCIDRMaskSize: Invalid value: 29: nodeCIDRMaskSize must be between 16 and 28"),
                c(
                        "pod eviction timeout from 1.33",
                        set(KCM + ".podEvictionTimeout", "1m"),
                        KCM + ".podEvictionTimeout: Forbidden: for Kubernetes versions >= 1.33, podEvictionTimeout "
                                + "field is no longer supported"),
                c(
                        "pod eviction timeout below 1.33",
                        set(KCM + ".podEvictionTimeout", "0s").andThen(version("1.32.1")),
                        KCM + ".podEvictionTimeout: Invalid value: 0s: podEvictionTimeout must be larger than 0"),
                c(
                        "node monitor grace period",
                        set(KCM + ".nodeMonitorGracePeriod", "0s"),
                        KCM
                                + ".nodeMonitorGracePeriod: Invalid value: 0s: nodeMonitorGracePeriod must be larger than 0"),
                c(
                        "HPA settings",
                        set(
                                KCM + ".horizontalPodAutoscaler",
                                "{'syncPeriod':'100ms','tolerance':0,"
                                        + "'downscaleStabilization':'999ms','initialReadinessDelay':'0s',"
                                        + "'cpuInitializationPeriod':'1ms'}"),
                        KCM + ".horizontalPodAutoscaler.syncPeriod: Invalid value: 100ms: syncPeriod must not be less "
                                + "than a second",
                        KCM
                                + ".horizontalPodAutoscaler.tolerance: Invalid value: 0: tolerance of must be greater than 0",
                        KCM + ".horizontalPodAutoscaler.downscaleStabilization: Invalid value: 999ms: downScale "
                                + "stabilization must not be less than a second",
                        KCM + ".horizontalPodAutoscaler.initialReadinessDelay: Invalid value: 0s: initial readiness "
                                + "delay must be greater than 0",
                        KCM + ".horizontalPodAutoscaler.cpuInitializationPeriod: Invalid value: 1ms: cpu "
                                + "initialization period must not be less than a second"),
                // ---- cluster-autoscaler
                c(
                        "cluster-autoscaler durations and threshold",
                        set(
                                CA,
                                "{'scaleDownDelayAfterAdd':'-1s',"
                                        + "'scaleDownUtilizationThreshold':1.5,'scanInterval':'-1m','maxGracefulTerminationSeconds':-1,"
                                        + "'verbosity':-1}"),
                        CA + ".scaleDownDelayAfterAdd: Invalid value: \"-1s\": must be non-negative",
                        CA + ".scaleDownUtilizationThreshold: Invalid value: 1.5: can not be greater than 1.0",
                        CA + ".scanInterval: Invalid value: \"-1m0s\": must be non-negative",
                        CA + ".maxGracefulTerminationSeconds: Invalid value: -1: must be greater than or equal to 0",
                        CA + ".verbosity: Invalid value: -1: must be greater than or equal to 0"),
                c(
                        "cluster-autoscaler expander",
                        set(CA + ".expander", "least-waste,foo"),
                        CA + ".expander: Unsupported value: \"least-waste,foo\": supported values: \"least-nodes\", "
                                + "\"least-waste\", \"most-pods\", \"priority\", \"random\""),
                c(
                        "cluster-autoscaler max empty bulk delete",
                        set(CA, "{'maxEmptyBulkDelete':-1," + "'maxScaleDownParallelism':3}"),
                        CA + ".maxEmptyBulkDelete: Forbidden: for Kubernetes versions >= 1.33, maxEmptyBulkDelete "
                                + "field is no longer supported, use maxScaleDownParallelism instead",
                        CA + ".maxEmptyBulkDelete: Invalid value: -1: can not be negative",
                        CA + ".maxEmptyBulkDelete: Invalid value: -1: must equal maxScaleDownParallelism 3"),
                c(
                        "cluster-autoscaler taints",
                        set(
                                CA,
                                "{'startupTaints':['a','a','node.gardener.cloud/"
                                        + "critical-components-not-ready','-x'],'ignoreTaints':['b']}"),
                        CA + ".startupTaints[1]: Duplicate value: \"a\"",
                        CA + ".startupTaints[2]: Forbidden: taint key is reserved by gardener",
                        CA + ".startupTaints[3]: Invalid value: \"-x\": name part must consist of alphanumeric "
                                + "characters, '-', '_' or '.', and must start and end with an alphanumeric character "
                                + "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
                                + "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
                        CA + ".ignoreTaints.IgnoreTaints: Forbidden: not supported in Kubernetes version 1.33.2"),
                c(
                        "cluster-autoscaler autoscaling",
                        set(CA + ".autoscaling.minAllowed", "{'memory':'20M'}"),
                        CA
                                + ".autoscaling.minAllowed.memory: Invalid value: \"20M\": value must be bigger than >= 30M"),
                // ---- vertical pod autoscaler
                c(
                        "VPA values",
                        set(
                                VPA,
                                "{'evictAfterOOMThreshold':'-1s','evictionRateBurst':-1,"
                                        + "'evictionTolerance':1,'recommendationMarginFraction':-0.5,'targetCPUPercentile':1.1,"
                                        + "'memoryAggregationIntervalCount':-1,'recommenderUpdateWorkerCount':0,"
                                        + "'maxAllowed':{'cpu':'-1','gpu':'1'}}"),
                        VPA + ".evictAfterOOMThreshold: Invalid value: \"-1s\": must be non-negative",
                        VPA + ".evictionRateBurst: Invalid value: -1: must be non-negative",
                        VPA + ".evictionTolerance: Invalid value: 1: fraction value must be in the range [0, 1)",
                        VPA + ".recommendationMarginFraction: Invalid value: -0.5: fraction value must be in the range "
                                + "[0, 1)",
                        VPA + ".targetCPUPercentile: Invalid value: 1.1: percentile value must be in the range [0, 1]",
                        VPA + ".memoryAggregationIntervalCount: Invalid value: -1: must be greater than or equal to 0",
                        VPA + ".maxAllowed.cpu: Invalid value: \"-1\": must be greater than or equal to 0",
                        VPA + ".maxAllowed.gpu: Unsupported value: \"gpu\": supported values: \"cpu\", \"memory\"",
                        VPA + ".recommenderUpdateWorkerCount: Invalid value: 0: must be greater than 0"),
                // ---- scheduler and proxy
                c(
                        "scheduler profile and max PD volumes",
                        set("spec.kubernetes.kubeScheduler", "{'profile':'spread','kubeMaxPDVols':'x'}"),
                        "spec.kubernetes.kubeScheduler.profile: Unsupported value: \"spread\": supported values: "
                                + "\"balanced\", \"bin-packing\"",
                        "spec.kubernetes.kubeScheduler.kubeMaxPDVols: Invalid value: \"x\": conversion error: "
                                + "strconv.Atoi: parsing \"x\": invalid syntax"),
                c(
                        "scheduler max PD volumes positive",
                        set("spec.kubernetes.kubeScheduler.kubeMaxPDVols", "0"),
                        "spec.kubernetes.kubeScheduler.kubeMaxPDVols: Invalid value: \"0\": must be positive"),
                c(
                        "scheduler max PD volumes from 1.35",
                        set("spec.kubernetes.kubeScheduler.kubeMaxPDVols", "5").andThen(version("1.35.0")),
                        "spec.kubernetes.kubeScheduler.kubeMaxPDVols: Forbidden: for Kubernetes version >= 1.35, "
                                + "kubeMaxPDVols field is no longer supported"),
                c(
                        "proxy mode",
                        set("spec.kubernetes.kubeProxy.mode", "userspace"),
                        "spec.kubernetes.kubeProxy.mode: Unsupported value: \"userspace\": supported values: "
                                + "\"IPTables\", \"IPVS\", \"NFTables\""),
                c(
                        "proxy NFTables with its gate off",
                        set(
                                "spec.kubernetes.kubeProxy",
                                "{'mode':'NFTables','featureGates':{'NFTablesProxyMode':false}}"),
                        "spec.kubernetes.kubeProxy.mode: Invalid value: \"NFTables\": NFTables mode cannot be used when "
                                + "feature gate NFTablesProxyMode is explicitly set to false",
                        "spec.kubernetes.kubeProxy.featureGates.NFTablesProxyMode: Forbidden: cannot set feature gate to "
                                + "false, feature is locked to true"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachCaseYieldsExactlyGardenersErrors(String name, Consumer<ObjectNode> edit, List<String> expected) {
        ObjectNode shoot = base();
        edit.accept(shoot);
        assertThat(VALIDATOR.validate(decode(shoot)))
                .extracting(FieldError::toString)
                .as(name)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void invalidAcceptedIssuersMayStayOnUpdateButNotChange() {
        ObjectNode old = stored(base());
        set(KAS + ".serviceAccountConfig.acceptedIssuers", "['http://issuer.com']")
                .accept(old);
        ObjectNode unchanged = old.deepCopy();
        assertThat(VALIDATOR.validateUpdate(decode(unchanged), decode(old))).isEmpty();

        ObjectNode changed = old.deepCopy();
        set(KAS + ".serviceAccountConfig.acceptedIssuers", "['https://issuer.com#fragment']")
                .accept(changed);
        assertThat(VALIDATOR.validateUpdate(decode(changed), decode(old)))
                .extracting(FieldError::toString)
                .containsExactly(KAS + ".serviceAccountConfig.acceptedIssuers[0]: Invalid value: "
                        + "\"https://issuer.com#fragment\": must not contain a fragment");

        ObjectNode fixed = old.deepCopy();
        set(KAS + ".serviceAccountConfig.acceptedIssuers", "['https://issuer.com']")
                .accept(fixed);
        assertThat(VALIDATOR.validateUpdate(decode(fixed), decode(old))).isEmpty();
    }

    static Stream<Arguments> updates() {
        String status = "{'lastOperation':{'type':'Reconcile','state':'Succeeded','progress':100,'description':'',"
                + "'lastUpdateTime':'2024-01-01T00:00:00Z'},'credentials':{'encryptionAtRest':{'resources':"
                + "['configmaps'],'provider':{'type':'aescbc'}}}}";
        Consumer<ObjectNode> before = set(
                        KAS + ".encryptionConfig", "{'resources':['configmaps']," + "'provider':{'type':'aescbc'}}")
                .andThen(set("status", status));
        return Stream.of(
                c(
                        "node CIDR mask size is immutable",
                        set(KCM + ".nodeCIDRMaskSize", 24).andThen(set(KUBELET + ".maxPods", 110)),
                        KCM + ".nodeCIDRMaskSize: Invalid value: 24: field is immutable"),
                c(
                        "encryption resources change when all is settled",
                        before.andThen(set(KAS + ".encryptionConfig.resources", "['configmaps','services']"))),
                c(
                        "encryption provider changes when all is settled",
                        before.andThen(set(KAS + ".encryptionConfig.provider.type", "secretbox"))),
                c(
                        "encryption resources during a key rotation and hibernation",
                        before.andThen(set(
                                        "status.credentials.rotation", "{'etcdEncryptionKey':{'phase':'Preparing'}}"))
                                .andThen(set("spec.hibernation.enabled", true))
                                .andThen(set(
                                        KAS + ".encryptionConfig",
                                        "{'resources':['services']," + "'provider':{'type':'secretbox'}}")),
                        KAS + ".encryptionConfig.resources: Forbidden: resources cannot be changed when "
                                + ".status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\"",
                        KAS + ".encryptionConfig.resources: Forbidden: resources cannot be changed when shoot is in "
                                + "hibernation",
                        KAS + ".encryptionConfig.provider.type: Forbidden: provider type cannot be changed when "
                                + ".status.credentials.rotation.etcdEncryptionKey.phase is not \"Completed\"",
                        KAS + ".encryptionConfig.provider.type: Forbidden: provider type cannot be changed when shoot "
                                + "is in hibernation",
                        KAS + ".encryptionConfig.provider.type: Forbidden: provider type and resources cannot be "
                                + "changed simultaneously",
                        // the whole update validation also refuses hibernating now (validateHibernationUpdate)
                        "spec.hibernation.enabled: Forbidden: shoot cannot be hibernated when "
                                + ".status.credentials.rotation.etcdEncryptionKey.phase is \"Preparing\"",
                        "spec.hibernation.enabled: Forbidden: shoot cannot be hibernated when "
                                + "spec.kubernetes.kubeAPIServer.encryptionConfig.resources and "
                                + "status.credentials.encryptionAtRest.resources are not equal"),
                c(
                        "encryption while an earlier change rolls out",
                        before.andThen(set("status.credentials.encryptionAtRest.resources", "[]"))
                                .andThen(set("status.lastOperation.type", "Create"))
                                .andThen(set("status.lastOperation.state", "Processing"))
                                .andThen(
                                        set(KAS + ".encryptionConfig", "{'resources':[],'provider':{'type':'aesgcm'}}"))
                                .andThen(set(
                                        "spec.maintenance.autoRotation",
                                        "{'credentials':{'etcdEncryptionKey':{'rotationPeriod':'168h'}}}")),
                        KAS + ".encryptionConfig.resources: Forbidden: resources cannot be changed because a previous "
                                + "encryption configuration change is currently being rolled out",
                        KAS + ".encryptionConfig.provider.type: Forbidden: provider type cannot be changed if resource "
                                + "was not yet created successfully or is not ready for reconciliation",
                        KAS + ".encryptionConfig.provider.type: Forbidden: provider type cannot be changed because a "
                                + "previous encryption configuration change is currently being rolled out",
                        KAS + ".encryptionConfig.provider.type: Forbidden: provider type and resources cannot be "
                                + "changed simultaneously"));
    }

    /** The edit applies to the stored Shoot; the update's own changes are those the old one lacks. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("updates")
    void eachUpdateYieldsExactlyGardenersErrors(String name, Consumer<ObjectNode> edit, List<String> expected) {
        ObjectNode old = stored(base());
        if (name.startsWith("encryption")) {
            set(KAS + ".encryptionConfig", "{'resources':['configmaps'],'provider':{'type':'aescbc'}}")
                    .accept(old);
        } else {
            set(KCM + ".nodeCIDRMaskSize", 25).accept(old);
            set(KUBELET + ".maxPods", 110).accept(old);
        }
        ObjectNode shoot = old.deepCopy();
        edit.accept(shoot);
        assertThat(VALIDATOR.validateUpdate(decode(shoot), decode(old)))
                .extracting(FieldError::toString)
                .as(name)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void workerlessShootsSkipTheWorkerComponentsButNotTheControlPlane() {
        ObjectNode shoot = base();
        ((ObjectNode) shoot.at("/spec/provider")).remove("workers");
        ((ObjectNode) shoot.get("spec")).remove(List.of("networking", "credentialsBindingName"));
        set(KCM + ".horizontalPodAutoscaler", "{'syncPeriod':'1ms'}").accept(shoot);
        set(KAS + ".requests.maxMutatingInflight", 3000).accept(shoot);
        set(KUBELET + ".podPidsLimit", 1).accept(shoot);
        set(VPA + ".evictionRateBurst", -1).accept(shoot);
        // in Gardener's order: kube-apiserver, kube-controller-manager, then what workerless Shoots must not set
        assertThat(VALIDATOR.validate(decode(shoot)))
                .extracting(FieldError::toString)
                .containsExactly(
                        KAS + ".requests.maxMutatingInflight: Invalid value: 3000: cannot set higher than 2500",
                        KCM
                                + ".horizontalPodAutoscaler: Forbidden: this field should not be set for workerless Shoot clusters",
                        KUBELET + ": Forbidden: this field should not be set for workerless Shoot clusters",
                        "spec.kubernetes.verticalPodAutoScaler: Forbidden: this field should not be set for workerless Shoot "
                                + "clusters");
    }

    @Test
    void goFloatsPrintAsGoDoes() {
        assertThat(KubeControllerManagerRules.goFloat(0).text()).isEqualTo("0");
        assertThat(KubeControllerManagerRules.goFloat(-1).text()).isEqualTo("-1");
        assertThat(KubeControllerManagerRules.goFloat(0.25).text()).isEqualTo("0.25");
        assertThat(KubeControllerManagerRules.goFloat(1e-5).text()).isEqualTo("1e-05");
        assertThat(KubeControllerManagerRules.goFloat(1.5e21).text()).isEqualTo("1.5e+21");
    }

    @Test
    void issuerUrlRulesStandAlone() {
        assertThat(KubeAPIServerRules.oidcIssuerUrl("https://issuer.example/auth", FieldPath.of("x")))
                .isEmpty();
        assertThat(KubeAPIServerRules.oidcIssuerUrl("https://a b", FieldPath.of("x")))
                .extracting(FieldError::toString)
                .containsExactly("x: Invalid value: \"https://a b\": must be a valid URL and have https scheme");
    }

    private static Arguments c(String name, Consumer<ObjectNode> edit, String... expected) {
        return Arguments.of(name, edit, List.of(expected));
    }

    private static Consumer<ObjectNode> version(String version) {
        return set("spec.kubernetes.version", version);
    }

    private static ObjectNode stored(ObjectNode shoot) {
        ObjectNode copy = shoot.deepCopy();
        ((ObjectNode) copy.get("metadata")).put("resourceVersion", "42").put("uid", "u-1");
        return copy;
    }

    private static Shoot decode(ObjectNode node) {
        return ModelCodec.decode(node, Shoot.class).value();
    }
}
