package cloud.gardener.apiserver.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates/s of 8 KiB ConfigMaps through the API, against raw jetcd create transactions of the stored bytes. Each
 * measurement starts from an empty namespace (or key prefix): what it created is deleted after it, not timed.
 */
final class CreateRow implements BenchRow {

    /**
     * The most creates of one measurement (it ends at its duration or at this count, whichever comes first, every
     * subject alike): about 260 MB in the embedded server's store and watch cache, what {@code bin/jvm.options}' heap
     * holds with room for the collection delete after it. A quiet 10 s measurement made 50,000 and the server failed.
     */
    static final int MOST_CREATES = 30_000;

    private final BenchContext context;
    private final AtomicInteger measurement = new AtomicInteger();
    private byte[] stored;

    CreateRow(BenchContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "create";
    }

    @Override
    public void prepare() throws Exception {
        stored = ConfigMaps.stored(context, ConfigMaps.CREATE_NAMESPACE, "create-template");
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            subjects.add(new Subject("create on " + target.store(), results -> {
                String prefix = "c" + measurement.incrementAndGet() + "-";
                String collection = ConfigMaps.collection(ConfigMaps.CREATE_NAMESPACE);
                results.record(
                        "create." + target.store(),
                        load.withLimit(MOST_CREATES)
                                .run(
                                        "ConfigMap creates on " + target.store(),
                                        i -> target.create(
                                                collection,
                                                ConfigMaps.create(ConfigMaps.CREATE_NAMESPACE, prefix + i))));
                Cleanup.deleteCollection(target, collection, null, Cleanup.CONFIG_MAPS_PAGE);
            }));
        }
        subjects.add(new Subject("raw create", results -> {
            String prefix = "/bench-raw/configmaps/c" + measurement.incrementAndGet() + "-";
            results.record(
                    "create.raw",
                    load.withLimit(MOST_CREATES)
                            .run("raw creates", i -> context.raw().create(prefix + i, stored)));
            BenchContext.await(context.raw().deletePrefix(prefix));
        }));
        return subjects;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "creates/s of 8 KiB ConfigMaps, " + target.store() + " ÷ raw jetcd create txns",
                    "create." + target.store(),
                    "create.raw",
                    Figure.Unit.PER_SECOND,
                    target.backend().equals("etcd") ? "≥ 0.6" : "≥ 1.0"));
        }
        figures.addAll(EventLoopScaling.figures(
                context.targets(), "creates/s of 8 KiB ConfigMaps", target -> "create." + target.store()));
        return figures;
    }
}
