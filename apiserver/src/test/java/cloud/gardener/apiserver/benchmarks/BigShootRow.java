package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One update of a 325 KB Shoot (the example Shoot with a large provider config, the size of a big landscape's
 * Shoots) with its namespace's Shoots watched by many watchers over HTTP/2: the time from the update's request until
 * every watcher received it, and the slowest {@code /readyz} probed all along (a probe every 10 ms). Raw figures,
 * read with the load average.
 */
final class BigShootRow implements BenchRow {

    private static final int SHOOT_BYTES = 325_000;
    private static final String NAME = "big";
    private static final String PATH = ShootFixtures.COLLECTION + "/" + NAME;
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(120);

    private final BenchContext context;
    private final int watchers;
    private final Map<String, ObjectNode> shoots = new HashMap<>();
    private final AtomicInteger update = new AtomicInteger();

    BigShootRow(BenchContext context, int watchers) {
        this.context = context;
        this.watchers = watchers;
    }

    @Override
    public String name() {
        return "big-shoot";
    }

    @Override
    public void prepare() throws Exception {
        ObjectNode shoot = ShootFixtures.shoot(context);
        ((ObjectNode) shoot.path("metadata")).put("name", NAME);
        // the infrastructure config is the provider's to validate: any JSON is stored as it is
        ObjectNode config = ((ObjectNode) shoot.path("spec").path("provider")).putObject("infrastructureConfig");
        config.put("apiVersion", "local.provider.extensions.gardener.cloud/v1alpha1")
                .put("kind", "InfrastructureConfig");
        ArrayNode networks = config.putArray("networks");
        for (int i = 0; Json.MAPPER.writeValueAsBytes(shoot).length < SHOOT_BYTES; i++) {
            networks.addObject()
                    .put("name", "network-" + i)
                    .put("cidr", "10." + (i / 256 % 256) + "." + (i % 256) + ".0/24")
                    .put("zone", "zone-" + (i % 3))
                    .put("description", "a subnet of the bench Shoot's provider config, as a big landscape has");
        }
        for (ApiTarget target : context.targets()) {
            ShootFixtures.apply(context, target);
            Buffer created = BenchContext.await(
                    target.create(ShootFixtures.COLLECTION, Buffer.buffer(Json.MAPPER.writeValueAsBytes(shoot))));
            shoots.put(target.store(), (ObjectNode) Json.MAPPER.readTree(created.getBytes()));
        }
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            subjects.add(new Subject("big-shoot." + target.store(), results -> measure(target, results)));
        }
        return subjects;
    }

    /**
     * The warm-up round repeats the update for the warm-up's length (at least once per server): one update leaves a
     * fresh server's JIT still compiling the big object's path (a JFR of the row showed C2 with more CPU than the
     * event loops during the measured rounds), which a landscape's long-running server has long compiled.
     */
    @Override
    public void round(int round, ClosedLoop load, Results results, Settle settle) throws Exception {
        long end = System.nanoTime() + (round == 0 ? load.duration().toNanos() : 0);
        do {
            BenchRow.super.round(round, load, results, settle);
        } while (System.nanoTime() < end);
    }

    private void measure(ApiTarget target, Results results) throws Exception {
        String key = "big-shoot." + target.store();
        ObjectNode shoot = shoots.get(target.store());
        String marker = "bench-update-" + update.incrementAndGet();
        byte[] markerBytes = ("\"" + marker + "\"").getBytes(UTF_8);
        ((ObjectNode) shoot.path("metadata")).withObject("/labels").put("bench", marker);
        AtomicIntegerArray got = new AtomicIntegerArray(watchers);
        AtomicInteger receivedBy = new AtomicInteger();
        AtomicLong lastReceipt = new AtomicLong();
        // from the current revision: an older one may have left the watch cache's window while other rows wrote
        String watch = ShootFixtures.COLLECTION + "?watch=1&resourceVersion="
                + ConfigMaps.resourceVersion(BenchContext.await(
                        target.http1().send(HttpMethod.GET, ShootFixtures.COLLECTION + "?limit=1", null, 200)));
        try (Watchers open =
                Watchers.open(context, target, HttpVersion.HTTP_2, n -> watch, watchers, (w, line, now) -> {
                    if (contains(line, markerBytes) && got.compareAndSet(w, 0, 1)) {
                        lastReceipt.set(now);
                        receivedBy.incrementAndGet();
                    }
                })) {
            ReadyzProbe probe = ReadyzProbe.start(context, target);
            Thread.sleep(200);
            long start = System.nanoTime();
            Buffer updated = BenchContext.await(target.http1()
                    .send(HttpMethod.PUT, PATH, Buffer.buffer(Json.MAPPER.writeValueAsBytes(shoot)), 200));
            double answered = (System.nanoTime() - start) / 1e9;
            while (receivedBy.get() < watchers && System.nanoTime() - start < TIMEOUT_NANOS) {
                Thread.sleep(5);
            }
            Thread.sleep(200);
            double slowestProbe = probe.stop();
            shoots.put(target.store(), (ObjectNode) Json.MAPPER.readTree(updated.getBytes()));
            double time = receivedBy.get() < watchers ? Double.NaN : (lastReceipt.get() - start) / 1e9;
            results.record(key + ".time", time);
            results.record(key + ".readyz", slowestProbe);
            results.record(key + ".readyz.failed", probe.failed());
            results.record(key + ".received", receivedBy.get());
            results.record(key + ".answered", answered);
            System.err.printf(
                    Locale.ROOT,
                    "[bench-api %tT] %s: %d-byte Shoot updated in %.3f s, received by %d of %d watchers in %.3f s, slowest /readyz %.3f s"
                            + " (%d probes, %d failed), %d watches ended; load average %s%n",
                    System.currentTimeMillis(),
                    key,
                    updated.length(),
                    answered,
                    receivedBy.get(),
                    watchers,
                    time,
                    slowestProbe,
                    probe.count(),
                    probe.failed(),
                    open.ended(),
                    ApiBenchmark.loadAverage());
        }
    }

    private static boolean contains(Buffer line, byte[] needle) {
        int end = line.length() - needle.length;
        outer:
        for (int i = 0; i <= end; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (line.getByte(i + j) != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            String of = "one update of a 325 KB Shoot with " + watchers + " watchers (HTTP/2), " + target.store();
            String key = "big-shoot." + target.store();
            figures.add(Figure.raw(
                    of + ": time until every watcher received it", key + ".time", Figure.Unit.SECONDS, "< 0.5 s"));
            figures.add(Figure.raw(
                    of + ": the update's answer (part of the time above)",
                    key + ".answered",
                    Figure.Unit.SECONDS,
                    "none set"));
            figures.add(Figure.raw(
                    of + ": slowest /readyz during it", key + ".readyz", Figure.Unit.SECONDS, "health unaffected"));
            figures.add(Figure.raw(of + ": failed /readyz during it", key + ".readyz.failed", Figure.Unit.COUNT, "0"));
        }
        return figures;
    }
}
