package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Deletes/s of 8 KiB ConfigMaps through the API, against raw jetcd delete transactions on the modification revision.
 * Every measurement first creates the objects it deletes (not timed), and ends early when they are all gone; what it
 * did not delete is deleted after it (not timed either).
 */
final class DeleteRow implements BenchRow {

    /** Objects created per measurement: more than a measurement deletes on this machine, so it rarely ends early. */
    private static final int OBJECTS = 3000;

    private final BenchContext context;
    private final AtomicInteger measurement = new AtomicInteger();
    private byte[] stored;

    DeleteRow(BenchContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "delete";
    }

    @Override
    public void prepare() throws Exception {
        stored = ConfigMaps.stored(context, ConfigMaps.DELETE_NAMESPACE, "delete-template");
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            subjects.add(new Subject("delete on " + target.store(), results -> {
                String prefix = "d" + measurement.incrementAndGet() + "-";
                String collection = ConfigMaps.collection(ConfigMaps.DELETE_NAMESPACE);
                // as many in flight as the deletes: they find every connection open, not 48 TLS handshakes in the
                // timed seconds (idle ones close between rounds; under load the handshakes took the whole 3 s)
                ClosedLoop.forCount(load.concurrency(), OBJECTS)
                        .run(
                                "objects to delete on " + target.store(),
                                i -> target.create(
                                        collection, ConfigMaps.create(ConfigMaps.DELETE_NAMESPACE, prefix + i)));
                results.record(
                        "delete." + target.store(),
                        load.withLimit(OBJECTS)
                                .run(
                                        "ConfigMap deletes on " + target.store(),
                                        i -> target.http1()
                                                .send(HttpMethod.DELETE, collection + "/" + prefix + i, null, 200)));
                Cleanup.deleteCollection(target, collection, null, Cleanup.CONFIG_MAPS_PAGE);
            }));
        }
        subjects.add(new Subject("raw delete", results -> {
            String prefix = "/bench-raw/configmaps/d" + measurement.incrementAndGet() + "-";
            AtomicLongArray revisions = new AtomicLongArray(OBJECTS);
            ClosedLoop.forCount(16, OBJECTS)
                    .run(
                            "raw keys to delete",
                            i -> context.raw().create(prefix + i, stored).map(revision -> {
                                revisions.set(i, revision);
                                return revision;
                            }));
            results.record(
                    "delete.raw",
                    load.withLimit(OBJECTS)
                            .run("raw deletes", i -> context.raw().compareAndDelete(prefix + i, revisions.get(i))));
            BenchContext.await(context.raw().deletePrefix(prefix));
        }));
        return subjects;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "deletes/s of 8 KiB ConfigMaps, " + target.store() + " ÷ jetcd delete txns",
                    "delete." + target.store(),
                    "delete.raw",
                    Figure.Unit.PER_SECOND,
                    "none set"));
        }
        return figures;
    }
}
