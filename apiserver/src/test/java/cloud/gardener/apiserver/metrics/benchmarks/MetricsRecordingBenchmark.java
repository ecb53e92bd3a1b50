package cloud.gardener.apiserver.metrics.benchmarks;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfoParser;
import cloud.gardener.apiserver.metrics.AuthenticationMetrics;
import cloud.gardener.apiserver.metrics.RequestMetrics;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

/**
 * A benchmark, not a test: what recording one request's metrics costs, against a baseline measured in the same run,
 * the encoding of a small object's JSON response (the least work any GET does). Run it with {@code bin/bench-metrics};
 * flags: {@code --rounds R} (default 7) rounds of {@code --millis M} (default 1000) per phase, the phases
 * interleaved in each round so that both see the same machine; the median round is reported.
 *
 * <p>Recording a request is what the server's filters record for a write that passes admission: the in-flight slot
 * taken and given back, the authentication attempt and user, the admission phases and two plugin calls, one etcd
 * round trip, and the request's counter, latency and size histograms. Printed per phase: nanoseconds per operation,
 * the ratio recording/baseline, and the ratio of recording on two threads at once to one thread (above 1: the
 * threads slow each other down; the client's counters and histograms are striped, so it should stay near 1 on two
 * free cores). The audit series are not on the request path at all: they are read from the audit machinery's
 * counters when {@code /metrics} is scraped.
 */
public final class MetricsRecordingBenchmark {

    private static final RequestInfo SHOOT_CREATE =
            RequestInfoParser.parse("POST", "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots", Map.of());
    private static final List<String> NO_DRY_RUN = List.of();

    private static final AtomicLong SINK = new AtomicLong();

    private final ServerMetrics metrics = ServerMetrics.unserved();
    private final ObjectNode object = exposureClass();

    private MetricsRecordingBenchmark() {}

    public static void main(String[] args) throws Exception {
        int rounds = 7;
        long millis = 1000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--millis" -> millis = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown flag " + args[i]);
            }
        }
        new MetricsRecordingBenchmark().run(rounds, millis);
    }

    private void run(int rounds, long millis) throws InterruptedException {
        // warm-up: let the JIT compile both paths before anything is measured
        for (int i = 0; i < 3; i++) {
            nanosPerOp(this::baseline, millis, 1);
            nanosPerOp(this::record, millis, 1);
        }
        double[] baseline = new double[rounds];
        double[] recording = new double[rounds];
        double[] recordingTwoThreads = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            baseline[r] = nanosPerOp(this::baseline, millis, 1);
            recording[r] = nanosPerOp(this::record, millis, 1);
            recordingTwoThreads[r] = nanosPerOp(this::record, millis, 2);
        }
        double base = median(baseline);
        double rec = median(recording);
        double two = median(recordingTwoThreads);
        System.out.printf(Locale.ROOT, "%-52s %12s%n", "phase (median of " + rounds + " rounds)", "ns/op");
        System.out.printf(Locale.ROOT, "%-52s %12.1f%n", "baseline: encode a small object's JSON response", base);
        System.out.printf(Locale.ROOT, "%-52s %12.1f%n", "record one request's metrics (1 thread)", rec);
        System.out.printf(Locale.ROOT, "%-52s %12.1f%n", "record one request's metrics (2 threads, per op)", two);
        System.out.printf(Locale.ROOT, "%nratio recording / baseline:        %.3f%n", rec / base);
        System.out.printf(Locale.ROOT, "ratio 2 threads / 1 thread (per op): %.3f%n", two / rec);
        // printed so that the JIT cannot drop the work whose results it sums
        System.out.printf(Locale.ROOT, "(checksum %d)%n", SINK.get());
    }

    /** One baseline operation: the response body of a GET of a small object. */
    private long baseline(long i) {
        try {
            return Json.MAPPER.writeValueAsBytes(object).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One request's metrics, as the filters, admission and storage record them for a Shoot create. */
    private long record(long i) {
        long elapsed = 1_000_000 + (i & 0xFFFFF);
        RequestMetrics requests = metrics.requests();
        requests.inFlight(RequestMetrics.Kind.MUTATING, 1);
        metrics.authentication().attempt(AuthenticationMetrics.Result.SUCCESS, elapsed >> 4);
        metrics.authentication().authenticatedUser("admin");
        metrics.admission().plugin("ShootValidator", "admit", Operation.CREATE, false, elapsed >> 3);
        metrics.admission().step("admit", Operation.CREATE, false, elapsed >> 2);
        metrics.admission().plugin("ShootValidator", "validate", Operation.CREATE, false, elapsed >> 3);
        metrics.admission().step("validate", Operation.CREATE, false, elapsed >> 2);
        metrics.storage().etcdRequest("create", "shoots.core.gardener.cloud", elapsed >> 1);
        requests.record(SHOOT_CREATE, "POST", "application/json", NO_DRY_RUN, 201, 4096, elapsed, false);
        requests.inFlight(RequestMetrics.Kind.MUTATING, -1);
        return elapsed;
    }

    /** Runs {@code op} for about {@code millis} on each of {@code threads} threads; nanoseconds per operation. */
    private static double nanosPerOp(LongUnaryOperator op, long millis, int threads) throws InterruptedException {
        long[] counts = new long[threads];
        long[] nanos = new long[threads];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                long deadline = System.nanoTime() + millis * 1_000_000;
                long begin = System.nanoTime();
                long n = 0;
                long acc = 0;
                // check the clock every 256 operations so that reading it costs next to nothing
                while ((n & 0xFF) != 0 || System.nanoTime() < deadline) {
                    acc += op.applyAsLong(n);
                    n++;
                }
                nanos[index] = System.nanoTime() - begin;
                counts[index] = n;
                SINK.addAndGet(acc);
            });
            thread.start();
            running.add(thread);
        }
        start.countDown();
        for (Thread thread : running) {
            thread.join();
        }
        double perOp = 0;
        for (int t = 0; t < threads; t++) {
            perOp += (double) nanos[t] / counts[t];
        }
        return perOp / threads;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static ObjectNode exposureClass() {
        ObjectNode object = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "ExposureClass");
        ObjectNode metadata = object.putObject("metadata")
                .put("name", "internet")
                .put("uid", "6708e384-765b-4d67-b030-f6b85b19a78f")
                .put("resourceVersion", "4711")
                .put("creationTimestamp", "2026-11-27T09:29:41Z");
        metadata.putObject("labels").put("app", "gardener").put("stamped", "yes");
        metadata.putArray("managedFields")
                .addObject()
                .put("manager", "kubectl")
                .put("operation", "Update")
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("time", "2026-11-27T09:29:41Z")
                .put("fieldsType", "FieldsV1")
                .putObject("fieldsV1")
                .putObject("f:handler");
        object.put("handler", "internet-config");
        object.putObject("scheduling")
                .putObject("seedSelector")
                .putObject("matchLabels")
                .put("network", "public");
        return object;
    }
}
