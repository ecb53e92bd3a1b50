package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Updates/s: PUTs of 8 KiB ConfigMaps with the resourceVersion last read, one object per request in flight (no
 * conflicts), against raw jetcd compare-and-swap transactions on the modification revision, key per slot too.
 */
final class UpdateRow implements BenchRow {

    /** An object and the version its next update must name. */
    private record Versioned(String name, String version) {}

    private final BenchContext context;
    private final int objects;
    private final List<Queue<Versioned>> apiObjects = new ArrayList<>();
    private final Queue<Versioned> rawKeys = new ConcurrentLinkedQueue<>();
    private final AtomicLong generation = new AtomicLong();
    private byte[] stored;

    /** @param objects one per request in flight */
    UpdateRow(BenchContext context, int objects) {
        this.context = context;
        this.objects = objects;
    }

    @Override
    public String name() {
        return "update";
    }

    @Override
    public void prepare() throws Exception {
        for (ApiTarget target : context.targets()) {
            Queue<Versioned> queue = new ConcurrentLinkedQueue<>();
            ClosedLoop.forCount(Math.min(objects, 16), objects).run("update objects", i -> {
                String name = "update-" + i;
                return target.create(
                                ConfigMaps.collection(ConfigMaps.NAMESPACE),
                                ConfigMaps.create(ConfigMaps.NAMESPACE, name))
                        .map(created -> {
                            stored = created.getBytes();
                            return queue.add(new Versioned(name, ConfigMaps.resourceVersion(created)));
                        });
            });
            apiObjects.add(queue);
        }
        ClosedLoop.forCount(Math.min(objects, 16), objects).run("raw update keys", i -> {
            String key = "/bench-raw/configmaps/update-" + i;
            return context.raw()
                    .create(key, stored)
                    .map(revision -> rawKeys.add(new Versioned(key, revision.toString())));
        });
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (int t = 0; t < context.targets().size(); t++) {
            ApiTarget target = context.targets().get(t);
            Queue<Versioned> queue = apiObjects.get(t);
            subjects.add(new Subject(
                    "update on " + target.store(),
                    results -> results.record(
                            "update." + target.store(), load.run("ConfigMap updates on " + target.store(), i -> {
                                Versioned object = take(queue);
                                String path = ConfigMaps.collection(ConfigMaps.NAMESPACE) + "/" + object.name();
                                return target.http1()
                                        .send(
                                                HttpMethod.PUT,
                                                path,
                                                ConfigMaps.update(
                                                        ConfigMaps.NAMESPACE,
                                                        object.name(),
                                                        object.version(),
                                                        generation.incrementAndGet()),
                                                200)
                                        .map(updated -> queue.add(
                                                new Versioned(object.name(), ConfigMaps.resourceVersion(updated))));
                            }))));
        }
        subjects.add(new Subject(
                "raw compare-and-swap",
                results -> results.record("update.raw", load.run("raw compare-and-swap", i -> {
                    Versioned key = take(rawKeys);
                    return context.raw()
                            .compareAndSwap(key.name(), Long.parseLong(key.version()), stored)
                            .map(revision -> rawKeys.add(new Versioned(key.name(), revision.toString())));
                }))));
        return subjects;
    }

    private static Versioned take(Queue<Versioned> queue) {
        Versioned v = queue.poll();
        if (v == null) {
            throw new IllegalStateException("more updates in flight than objects");
        }
        return v;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "updates/s (PUT with resourceVersion), " + target.store() + " ÷ jetcd compare-and-swap txns",
                    "update." + target.store(),
                    "update.raw",
                    Figure.Unit.PER_SECOND,
                    target.backend().equals("etcd") ? "≥ 0.6" : "none set"));
        }
        return figures;
    }
}
