package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The server's memory in a Gardener landscape: on a server of its own per store (so no other row's objects count),
 * {@link LandscapeObjects} loaded through the API with concurrent creates (admission runs on every one; statuses
 * through the status subresource), then {@code watchers} watches on a few HTTP/2 connections ({@link Watchers}, their
 * events counted by the server's bytes only). The admission caches
 * and the seed authorizer's graph follow the stores by themselves, so they are filled once the objects are. Each
 * round collects the server's garbage ({@code jcmd GC.run}) and reads its peak resident set ({@code VmHWM}, loading
 * included), its resident set and its heap after the collection, each against the 5 GiB that gardener-apiserver
 * needs at the low end for a landscape of this size (5–9 GiB for about 2,400 Shoots, gardener/gardener#4106).
 */
final class LandscapeRow implements BenchRow, AutoCloseable {

    private static final double GARDENER_BYTES = 5.0 * 1024 * 1024 * 1024;
    private static final int STATE_KIB = 260;
    /** ShootStates in flight: 16 × 260 KiB is enough to keep a store busy. */
    private static final int STATE_CONCURRENCY = 16;

    /** A server and its watchers, opened once it is loaded. */
    private static final class Store {
        private final ApiTarget target;
        private Watchers watchers;

        Store(ApiTarget target) {
            this.target = target;
        }

        ApiTarget target() {
            return target;
        }

        Watchers watchers() {
            return watchers;
        }
    }

    private final BenchContext context;
    private final int concurrency;
    private final LandscapeObjects objects;
    private final List<Store> stores = new ArrayList<>();
    private final AtomicLong retries = new AtomicLong();

    LandscapeRow(BenchContext context, int concurrency) {
        this.context = context;
        this.concurrency = concurrency;
        this.objects = new LandscapeObjects(context.shoots(), STATE_KIB);
    }

    @Override
    public String name() {
        return "landscape";
    }

    @Override
    public void prepare() throws Exception {
        System.out.printf(
                Locale.ROOT,
                "%nLandscape: %,d Shoots with status, %,d ShootStates of %d KiB, %,d Seeds, %,d Projects (each a "
                        + "Secret, a SecretBinding and a CredentialsBinding), %d CloudProfiles, %,d watchers%n",
                objects.shoots(),
                objects.shoots(),
                STATE_KIB,
                objects.seeds(),
                objects.projects(),
                LandscapeObjects.cloudProfiles(),
                context.watchers());
        for (String backend : List.of("etcd", "embedded")) {
            ApiTarget target = context.launcher().start(backend, 0, "landscape-" + backend);
            Store store = new Store(target);
            stores.add(store);
            load(store);
        }
    }

    private void load(Store store) throws Exception {
        ApiTarget target = store.target();
        Map<String, String> phases = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        for (Buffer registration : objects.controllerRegistrations()) {
            BenchContext.await(target.create(LandscapeObjects.CORE + "/controllerregistrations", registration));
        }
        phases.put(
                "CloudProfiles",
                fill(
                        target,
                        "CloudProfiles",
                        LandscapeObjects.cloudProfiles(),
                        concurrency,
                        i -> create(
                                target,
                                LandscapeObjects.CORE + "/cloudprofiles",
                                LandscapeObjects.cloudProfileName(i),
                                objects.cloudProfile(i))));
        phases.put(
                "Seeds with status",
                fill(
                        target,
                        "Seeds",
                        objects.seeds(),
                        concurrency,
                        i -> create(
                                        target,
                                        LandscapeObjects.CORE + "/seeds",
                                        LandscapeObjects.seed(i),
                                        objects.seedObject(i))
                                .compose(created -> mergePatch(
                                        target,
                                        LandscapeObjects.CORE + "/seeds/" + LandscapeObjects.seed(i) + "/status",
                                        objects.seedStatus(i)))));
        long projectsStart = System.nanoTime();
        fill(
                target,
                "Projects",
                objects.projects(),
                concurrency,
                i -> create(
                        target,
                        LandscapeObjects.CORE + "/projects",
                        LandscapeObjects.project(i),
                        objects.projectObject(i)));
        awaitProjectsReady(target);
        phases.put("Projects until Ready", rate(objects.projects(), projectsStart));
        phases.put(
                "Secrets",
                fill(
                        target,
                        "Secrets",
                        objects.projects(),
                        concurrency,
                        p -> create(
                                target,
                                "/api/v1/namespaces/" + LandscapeObjects.namespace(p) + "/secrets",
                                LandscapeObjects.CREDENTIALS,
                                objects.secret(p))));
        phases.put(
                "SecretBindings and CredentialsBindings",
                fill(target, "bindings", 2 * objects.projects(), concurrency, i -> {
                    int p = i / 2;
                    String ns = "/namespaces/" + LandscapeObjects.namespace(p);
                    return i % 2 == 0
                            ? create(
                                    target,
                                    LandscapeObjects.CORE + ns + "/secretbindings",
                                    LandscapeObjects.CREDENTIALS,
                                    objects.secretBinding(p))
                            : create(
                                    target,
                                    LandscapeObjects.SECURITY + ns + "/credentialsbindings",
                                    LandscapeObjects.CREDENTIALS,
                                    objects.credentialsBinding(p));
                }));
        phases.put(
                "Shoots, then their status",
                fill(
                        target,
                        "Shoots",
                        objects.shoots(),
                        concurrency,
                        i -> create(
                                        target,
                                        LandscapeObjects.CORE + "/namespaces/"
                                                + LandscapeObjects.namespace(objects.projectOf(i)) + "/shoots",
                                        "s" + i,
                                        objects.shoot(i))
                                .compose(created -> mergePatch(
                                        target,
                                        objects.shootPath(i) + "/status",
                                        objects.shootStatus(i, uid(created))))));
        AtomicLong stateBytes = new AtomicLong();
        phases.put("ShootStates", fill(target, "ShootStates", objects.shoots(), STATE_CONCURRENCY, i -> {
            Buffer state = objects.shootState(i);
            stateBytes.addAndGet(state.length());
            return create(
                    target,
                    LandscapeObjects.CORE + "/namespaces/" + LandscapeObjects.namespace(objects.projectOf(i))
                            + "/shootstates",
                    "s" + i,
                    state);
        }));
        long loaded = System.nanoTime();
        long rssLoaded = target.process().rssBytes();
        openWatchers(store);
        long watching = System.nanoTime();
        System.out.printf(
                Locale.ROOT,
                "%s: loaded in %.0f s (%s), ShootStates %.0f MiB in all; %,d watchers on %d HTTP/2 connections "
                        + "in %.1f s; RSS %.0f MiB after loading, %.0f MiB with the watchers; %,d requests "
                        + "retried after a ServerTimeout or 429%n",
                target.store(),
                (loaded - t0) / 1e9,
                String.join(
                        ", ",
                        phases.entrySet().stream()
                                .map(e -> e.getKey() + " " + e.getValue())
                                .toList()),
                stateBytes.get() / (1024.0 * 1024),
                store.watchers().open(),
                store.watchers().connections(),
                (watching - loaded) / 1e9,
                rssLoaded / (1024.0 * 1024),
                target.process().rssBytes() / (1024.0 * 1024),
                retries.getAndSet(0));
        System.out.printf(
                Locale.ROOT,
                "%s: heap histogram after loading (live objects):%n%s%n",
                target.store(),
                histogramTop(target.process(), 15));
    }

    /**
     * A create as client-go sends it: retried after the server's Retry-After (2 s) when it answers 429 or a
     * ServerTimeout (a store too slow to answer in time); a retry that finds the object took the first attempt's
     * object, which had landed after all.
     */
    private Future<Buffer> create(ApiTarget target, String collection, String name, Buffer body) {
        AtomicBoolean failedOnce = new AtomicBoolean();
        return retrying(() -> target.create(collection, body)
                .recover(e -> failedOnce.getAndSet(true)
                                && String.valueOf(e.getMessage()).contains(": 409 ")
                        ? target.http1().send(HttpMethod.GET, collection + "/" + name, null, 200)
                        : Future.failedFuture(e)));
    }

    /** A merge patch of a status, retried as {@link #create} (a patch applies the same twice). */
    private Future<Buffer> mergePatch(ApiTarget target, String path, Buffer patch) {
        return retrying(() -> target.http1().mergePatch(path, patch));
    }

    private <T> Future<T> retrying(Supplier<Future<T>> op) {
        return retrying(op, 0);
    }

    private <T> Future<T> retrying(Supplier<Future<T>> op, int attempt) {
        return op.get().recover(e -> {
            String message = String.valueOf(e.getMessage());
            if (attempt >= 10 || !(message.contains(": 429 ") || message.contains("\"reason\":\"ServerTimeout\""))) {
                return Future.failedFuture(e);
            }
            retries.incrementAndGet();
            return context.vertx().timer(2, TimeUnit.SECONDS).compose(v -> retrying(op, attempt + 1));
        });
    }

    /** Creates {@code count} objects, {@code inFlight} at a time; their rate, as the progress line shows it. */
    private static String fill(ApiTarget target, String what, int count, int inFlight, IntFunction<Future<?>> op)
            throws InterruptedException {
        long start = System.nanoTime();
        ClosedLoop.forCount(inFlight, count).run(what + " on " + target.store(), op);
        String rate = rate(count, start);
        System.err.printf(
                Locale.ROOT,
                "[bench-api %tT] %s: %,d %s, %s%n",
                System.currentTimeMillis(),
                target.store(),
                count,
                what,
                rate);
        return rate;
    }

    private static String rate(int count, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return String.format(Locale.ROOT, "%.0f/s", count / seconds);
    }

    private static String uid(Buffer created) {
        try {
            return Json.MAPPER
                    .readTree(created.getBytes())
                    .path("metadata")
                    .path("uid")
                    .asText();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a created Shoot is no JSON", e);
        }
    }

    /** The Project controller creates each namespace and marks the Project Ready; namespaced objects wait for it. */
    private void awaitProjectsReady(ApiTarget target) throws Exception {
        for (int attempt = 0; attempt < 1200; attempt++) {
            JsonNode list = Json.MAPPER.readTree(BenchContext.await(
                            target.http1().send(HttpMethod.GET, LandscapeObjects.CORE + "/projects", null, 200))
                    .getBytes());
            int ready = 0;
            for (JsonNode p : list.path("items")) {
                if ("Ready".equals(p.path("status").path("phase").asText())) {
                    ready++;
                }
            }
            if (ready == objects.projects()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the projects on " + target.store() + " did not all become Ready");
    }

    /**
     * A mix as a landscape's clients hold them: gardenlets their Seed's Shoots (by {@code spec.seedName}) and
     * their Seed, controllers every Shoot, Seed and Project, dashboards a Project's Shoots and bindings. Each
     * starts at the resourceVersion of a LIST, as an informer does, so no watch replays the landscape.
     */
    private void openWatchers(Store store) throws Exception {
        ApiTarget target = store.target();
        String core = LandscapeObjects.CORE;
        Map<String, String> versions = new LinkedHashMap<>();
        for (String collection : List.of(
                core + "/shoots",
                core + "/seeds",
                core + "/projects",
                core + "/secretbindings",
                LandscapeObjects.SECURITY + "/credentialsbindings")) {
            JsonNode list = Json.MAPPER.readTree(
                    BenchContext.await(target.http1().send(HttpMethod.GET, collection + "?limit=1", null, 200))
                            .getBytes());
            versions.put(
                    collection, list.path("metadata").path("resourceVersion").asText());
        }
        int watchers = context.watchers();
        store.watchers = Watchers.open(
                context,
                target,
                HttpVersion.HTTP_2,
                n -> {
                    String seed = LandscapeObjects.seed(n % objects.seeds());
                    String ns = "/namespaces/" + LandscapeObjects.namespace(n % objects.projects());
                    return switch (n % 10) {
                        case 0, 1, 2 -> watch(versions, core + "/shoots", "", "spec.seedName=" + seed);
                        case 3 -> watch(versions, core + "/seeds", "", "metadata.name=" + seed);
                        case 4 -> watch(versions, core + "/seeds", "", null);
                        case 5, 6 -> watch(versions, core + "/shoots", ns, null);
                        case 7 -> watch(versions, core + "/shoots", "", null);
                        case 8 -> watch(versions, core + "/projects", "", null);
                        default ->
                            n % 20 == 9
                                    ? watch(versions, core + "/secretbindings", ns, null)
                                    : watch(versions, LandscapeObjects.SECURITY + "/credentialsbindings", ns, null);
                    };
                },
                watchers,
                (watcher, line, now) -> {});
    }

    /** {@code collection} with the namespace inserted before its resource, from the LIST's resourceVersion. */
    private static String watch(Map<String, String> versions, String collection, String namespace, String field) {
        int slash = collection.lastIndexOf('/');
        String path = collection.substring(0, slash) + namespace + collection.substring(slash)
                + "?watch=true&allowWatchBookmarks=true&timeoutSeconds=3600&resourceVersion="
                + versions.get(collection);
        return field == null ? path : path + "&fieldSelector=" + URLEncoder.encode(field, StandardCharsets.UTF_8);
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (Store store : stores) {
            String key = store.target().store();
            subjects.add(new Subject("landscape memory on " + key, results -> {
                if (store.watchers().open() != context.watchers()) {
                    throw new IllegalStateException(
                            (context.watchers() - store.watchers().open()) + " watches on " + key + " ended early");
                }
                // collects first, so the resident set below is read after a full collection too
                long heap = store.target().process().heapUsedAfterGc();
                results.record("landscape.peak." + key, (double)
                        store.target().process().peakRssBytes());
                results.record("landscape.rss." + key, (double)
                        store.target().process().rssBytes());
                results.record("landscape.heap." + key, (double) heap);
                results.record("landscape.gardener." + key, GARDENER_BYTES);
            }));
        }
        return subjects;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        String landscape = String.format(
                Locale.ROOT,
                "%,d Shoots, %,d ShootStates, %,d watchers",
                objects.shoots(),
                objects.shoots(),
                context.watchers());
        for (Store store : stores) {
            String key = store.target().store();
            String gardener = "landscape.gardener." + key;
            figures.add(new Figure(
                    "landscape (" + landscape + "), " + key + ": server peak RSS ÷ Gardener's 5 GiB",
                    "landscape.peak." + key,
                    gardener,
                    Figure.Unit.MIB,
                    "value < 1 GiB"));
            figures.add(new Figure(
                    "the same landscape, " + key + ": RSS after a full GC ÷ Gardener's 5 GiB",
                    "landscape.rss." + key,
                    gardener,
                    Figure.Unit.MIB,
                    "value < 1 GiB"));
            figures.add(new Figure(
                    "the same landscape, " + key + ": heap after a full GC ÷ Gardener's 5 GiB",
                    "landscape.heap." + key,
                    gardener,
                    Figure.Unit.MIB,
                    "none set"));
        }
        return figures;
    }

    @Override
    public void close() {
        for (Store store : stores) {
            if (store.watchers() != null) {
                store.watchers().close();
            }
            store.target().close();
        }
    }

    /** The first {@code lines} classes of the heap histogram (live objects only: it collects first). */
    private static String histogramTop(JavaProcess process, int lines) throws IOException, InterruptedException {
        List<String> all = process.classHistogram().lines().toList();
        // a header line for the pid, the column titles, a dashed line, then one line per class
        return String.join("\n", all.subList(0, Math.min(all.size(), lines + 3)));
    }
}
