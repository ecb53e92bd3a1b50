package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.testing.Requests;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootWarningsTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
    private static final Duration INTERVAL = ShootWarnings.DEFAULT_ROTATION_INTERVAL;

    private static ObjectNode shoot(String version, String specExtra) {
        return Requests.object("""
                metadata: {name: s, creationTimestamp: "2026-11-20T00:00:00Z"}
                spec:
                  kubernetes: {version: "%s"}
                  provider: {type: aws}
                """.formatted(version) + specExtra.indent(2));
    }

    static Stream<Arguments> deprecations() {
        return Stream.of(
                Arguments.of("1.32.0", "secretBindingName: b", "spec.secretBindingName is deprecated"),
                Arguments.of("1.32.0", "addons: {}", "you are setting the spec.addons field."),
                Arguments.of("1.33.0", "cloudProfileName: aws", "you are setting the spec.cloudProfileName field."),
                Arguments.of(
                        "1.32.0",
                        "kubernetes: {version: 1.32.0, kubeControllerManager: {podEvictionTimeout: 1m}}",
                        "you are setting the spec.kubernetes.kubeControllerManager.podEvictionTimeout field."),
                Arguments.of(
                        "1.32.0",
                        "kubernetes: {version: 1.32.0, clusterAutoscaler: {maxEmptyBulkDelete: 3}}",
                        "you are setting the spec.kubernetes.clusterAutoscaler.maxEmptyBulkDelete field."),
                Arguments.of(
                        "1.35.0",
                        "kubernetes: {version: 1.35.0, kubeProxy: {mode: IPVS}}",
                        "you are using IPVS mode for kube-proxy."),
                Arguments.of(
                        "1.32.0",
                        "kubernetes: {version: 1.32.0, kubeScheduler: {kubeMaxPDVols: '3'}}",
                        "you are setting the spec.kubernetes.kubeScheduler.kubeMaxPDVols field."),
                Arguments.of(
                        "1.32.0",
                        "kubernetes: {version: 1.32.0, kubeAPIServer: {enableAnonymousAuthentication: true}}",
                        "you are setting the spec.kubernetes.kubeAPIServer.enableAnonymousAuthentication field."),
                Arguments.of(
                        "1.32.0",
                        "kubernetes: {version: 1.32.0, kubeAPIServer: {watchCacheSizes: {default: 100}}}",
                        "you are setting the spec.kubernetes.kubeAPIServer.watchCacheSizes.default field."),
                Arguments.of(
                        "1.32.0",
                        "dns: {providers: [{type: aws-route53}, {type: x, secretName: s}]}",
                        "you are setting the spec.dns.providers[1].secretName field. The field is deprecated and is "
                                + "forbidden to be set starting from Kubernetes 1.35. Use spec.dns.providers[1]"
                                + ".credentialsRef instead."));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("deprecations")
    void deprecatedSettingsWarnOnCreate(String version, String spec, String warning) {
        List<String> warnings = ShootWarnings.of(shoot(version, spec), null, INTERVAL, NOW);
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).startsWith(warning);
    }

    @Test
    void aPlainShootHasNoWarnings() {
        assertThat(ShootWarnings.of(shoot("1.32.0", "cloudProfileName: aws"), null, INTERVAL, NOW))
                .isEmpty();
        assertThat(ShootWarnings.of(
                        shoot("1.34.0", "kubernetes: {version: 1.34.0, kubeProxy: {mode: IPVS}}"),
                        shoot("1.34.0", "kubernetes: {version: 1.34.0, kubeProxy: {mode: IPVS}}"),
                        INTERVAL,
                        NOW))
                .as("staying on IPVS below 1.35 is not news")
                .isEmpty();
    }

    @Test
    void switchingToIpvsBelow135Warns() {
        assertThat(ShootWarnings.of(
                        shoot("1.34.0", "kubernetes: {version: 1.34.0, kubeProxy: {mode: IPVS}}"),
                        shoot("1.34.0", ""),
                        INTERVAL,
                        NOW))
                .containsExactly(
                        "you have switched to IPVS mode for kube-proxy. "
                                + "The IPVS mode is deprecated starting with Kubernetes 1.35. Please switch to iptables or nftables mode.");
    }

    @Test
    void oldShootsAreRemindedOfRotationsOnUpdateOnly() {
        ObjectNode old = shoot("1.32.0", "");
        old.withObjectProperty("metadata").put("creationTimestamp", "2025-01-01T00:00:00Z");
        assertThat(ShootWarnings.of(old, null, INTERVAL, NOW)).isEmpty();
        assertThat(ShootWarnings.of(old, old, INTERVAL, NOW))
                .containsExactly("you should consider rotating the shoot "
                        + "credentials, see https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/"
                        + "shoot_credentials_rotation.md#gardener-provided-credentials for details");

        ObjectNode rotated = old.deepCopy();
        rotated.withObjectProperty("status")
                .withObjectProperty("credentials")
                .withObjectProperty("rotation")
                .set(
                        "certificateAuthorities",
                        Requests.object("{lastInitiationTime: '2026-11-01T00:00:00Z', "
                                + "lastInitiationFinishedTime: '2026-11-01T00:00:00Z'}"));
        List<String> warnings = ShootWarnings.of(rotated, old, INTERVAL, NOW);
        assertThat(warnings)
                .noneMatch(w -> w.contains("certificate authorities"))
                .anyMatch(w -> w.contains("ETCD encryption key"))
                .noneMatch(w -> w.contains("SSH keypair")); // no workers, no SSH

        rotated.withObjectProperty("status")
                .withObjectProperty("credentials")
                .withObjectProperty("rotation")
                .withObjectProperty("certificateAuthorities")
                .put("lastInitiationFinishedTime", "2026-09-01T00:00:00Z");
        assertThat(ShootWarnings.of(rotated, old, INTERVAL, NOW))
                .contains("the certificate authorities rotation "
                        + "initiation was finished more than 720h0m0s ago and should be completed");
    }
}
