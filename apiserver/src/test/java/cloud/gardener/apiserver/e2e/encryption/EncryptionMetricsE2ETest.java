package cloud.gardener.apiserver.e2e.encryption;

import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.audit.AuditCounters;
import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.server.EncryptionAtRest;
import cloud.gardener.apiserver.server.StorageConfig;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_33_0.Metrics;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Encryption at rest in {@code /metrics}, wired as the server's main wires it (the storage reports into the metrics
 * the server serves): every transformation of a Secret counted per resource, transformer prefix (the provider's
 * envelope and the key inside it) and status, successful ones timed in upstream's buckets; a value that does not
 * decrypt is counted with upstream's failure status.
 */
@Tag("integration")
class EncryptionMetricsE2ETest {

    private static final ServerMetrics METRICS = new ServerMetrics(new AuditCounters());
    private static final String ENVELOPE = "k8s:enc:aesgcm:v1:";
    private static final AtomicReference<String> PREFIX = new AtomicReference<>();

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> {
                StorageConfig etcd = config.build().storage();
                PREFIX.set(etcd.prefix());
                ResourceTransformers encryption = ResourceTransformers.of(
                        EncryptionConfiguration.parse("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets]
                  providers:
                  - aesgcm: {keys: [{name: key1, secret: %s}]}
                  - identity: {}
                """.formatted(randomKey()).getBytes(StandardCharsets.UTF_8)));
                return config.storage(
                        EncryptionAtRest.wrap(etcd.store(), encryption, etcd.prefix(), METRICS.storage()));
            })
            .withMetrics(METRICS);

    @Test
    void secretTransformationsAreCountedAndTimedPerPrefix() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "encmetrics");
        String secrets = "/api/v1/namespaces/" + ns + "/secrets";
        TestClient.Response created = admin.post(
                secrets,
                Map.of(
                        "apiVersion",
                        "v1",
                        "kind",
                        "Secret",
                        "metadata",
                        Map.of("name", "db"),
                        "data",
                        Map.of("password", "aHVudGVyMg==")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(admin.get(secrets + "/db").status()).isEqualTo(200);

        Scrape scrape = Scrape.of(admin);
        for (String type : new String[] {"to_storage", "from_storage"}) {
            for (String prefix : new String[] {ENVELOPE, "key1:"}) {
                assertThat(scrape.counter(
                                "apiserver_storage_transformation_operations_total",
                                Map.of(
                                        "resource",
                                        "secrets",
                                        "transformation_type",
                                        type,
                                        "transformer_prefix",
                                        prefix,
                                        "status",
                                        "OK")))
                        .as(type + " " + prefix)
                        .isGreaterThanOrEqualTo(1);
            }
        }
        Metrics.Histogram decryptions = scrape.histogram(
                "apiserver_storage_transformation_duration_seconds",
                Map.of("transformation_type", "from_storage", "transformer_prefix", ENVELOPE));
        assertThat(decryptions.getSampleCount()).isGreaterThanOrEqualTo(1);
        assertThat(decryptions.getBucketCount()).isEqualTo(26);
        assertThat(decryptions.getBucket(0).getUpperBound()).isEqualTo(5e-6);
        assertThat(decryptions.getBucket(24).getUpperBound()).isEqualTo(5e-6 * (1 << 24));
        // a namespace is not encrypted: nothing is reported for it
        assertThat(scrape.families()
                        .get("apiserver_storage_transformation_operations_total")
                        .getMetricList())
                .allSatisfy(m -> assertThat(m.getLabelList()).anySatisfy(l -> {
                    assertThat(l.getName()).isEqualTo("resource");
                    assertThat(l.getValue()).isEqualTo("secrets");
                }));
    }

    @Test
    void aValueThatDoesNotDecryptIsCountedAsAFailureAndNotTimed() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "encfail");
        String secrets = "/api/v1/namespaces/" + ns + "/secrets";
        assertThat(admin.post(
                                secrets,
                                Map.of(
                                        "apiVersion",
                                        "v1",
                                        "kind",
                                        "Secret",
                                        "metadata",
                                        Map.of("name", "original"),
                                        "data",
                                        Map.of("password", "aHVudGVyMg==")))
                        .status())
                .isEqualTo(201);
        // the ciphertext copied to another key: its authenticated data (the key) no longer matches
        String prefix = PREFIX.get();
        byte[] ciphertext = SERVER.storage()
                .get(prefix + "/secrets/" + ns + "/original")
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS)
                .value();
        SERVER.storage()
                .create(prefix + "/secrets/" + ns + "/copy", ciphertext)
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        Map<String, String> failed = Map.of(
                "resource",
                "secrets",
                "transformation_type",
                "from_storage",
                "transformer_prefix",
                ENVELOPE,
                "status",
                "unknown-non-grpc");
        // the server's own watches read the copy too (and fail to decrypt it): let them pass it before counting
        assertThat(admin.post(
                                secrets,
                                Map.of("apiVersion", "v1", "kind", "Secret", "metadata", Map.of("name", "marker")))
                        .status())
                .isEqualTo(201);
        eventually(
                "the watch cache passed the copy",
                () -> admin.get(secrets + "/marker?resourceVersion=0").status() == 200);
        double before = settled(admin, failed);

        assertThat(admin.get(secrets + "/copy").status()).isEqualTo(500);

        assertThat(Scrape.of(admin).counter("apiserver_storage_transformation_operations_total", failed))
                .isEqualTo(before + 1);
    }

    /** The counter once it has not moved for half a second (watches that lag behind the marker still count). */
    private static double settled(TestClient admin, Map<String, String> labels) throws InterruptedException {
        double last = Scrape.of(admin).counter("apiserver_storage_transformation_operations_total", labels);
        for (int still = 0; still < 5; ) {
            Thread.sleep(100);
            double now = Scrape.of(admin).counter("apiserver_storage_transformation_operations_total", labels);
            still = now == last ? still + 1 : 0;
            last = now;
        }
        return last;
    }

    private static String randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
