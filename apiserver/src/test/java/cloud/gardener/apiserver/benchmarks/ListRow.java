package cloud.gardener.apiserver.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A LIST of {@code objects} 8 KiB ConfigMaps, one at a time: its time against a raw jetcd range read of as many
 * values of the same size, and the server's peak resident-set growth during the LISTs against the response size
 * (below 1 only when the response is streamed rather than built in memory).
 */
final class ListRow implements BenchRow {

    private static final String RAW_PREFIX = "/bench-raw/list/";
    /** The goal for a LIST of 5,000 objects; scaled to the run's object count. */
    static final double GOAL_SECONDS_FOR_5000 = 0.3;

    private final BenchContext context;
    private final int concurrency;

    ListRow(BenchContext context, int concurrency) {
        this.context = context;
        this.concurrency = concurrency;
    }

    @Override
    public String name() {
        return "list";
    }

    @Override
    public void prepare() throws Exception {
        byte[] value = null;
        for (ApiTarget target : context.targets()) {
            value = createObjects(context, target, concurrency);
        }
        byte[] stored = value;
        ClosedLoop.forCount(concurrency, context.objects())
                .run("raw LIST values", i -> context.raw().create(RAW_PREFIX + "list-" + i, stored));
    }

    /**
     * The row's {@code objects} ConfigMaps on {@code target}, {@code concurrency} creates at a time (the kubectl row
     * lists them too).
     *
     * @return one of them as the server stored it
     */
    static byte[] createObjects(BenchContext context, ApiTarget target, int concurrency) throws InterruptedException {
        AtomicReference<byte[]> stored = new AtomicReference<>();
        ClosedLoop.forCount(concurrency, context.objects())
                .run(
                        "LIST objects on " + target.store(),
                        i -> target.create(
                                        ConfigMaps.collection(ConfigMaps.LIST_NAMESPACE),
                                        ConfigMaps.create(ConfigMaps.LIST_NAMESPACE, "list-" + i))
                                .onSuccess(created -> stored.set(created.getBytes())));
        return stored.get();
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            subjects.add(new Subject("LIST on " + target.store(), results -> {
                JavaProcess server = target.process();
                boolean peakReset = server.resetPeakRss();
                long before = server.rssBytes();
                List<Double> times = new ArrayList<>();
                long bytes = 0;
                for (int n = 0; n < context.lists(); n++) {
                    long t0 = System.nanoTime();
                    bytes = BenchContext.await(
                            target.http1().getCounting(ConfigMaps.collection(ConfigMaps.LIST_NAMESPACE)));
                    times.add((System.nanoTime() - t0) / 1e9);
                }
                results.record("list.time." + target.store(), Figure.median(times));
                results.record("list.goal." + target.store(), GOAL_SECONDS_FOR_5000 * context.objects() / 5000.0);
                if (peakReset) {
                    results.record("list.rss." + target.store(), (double) (server.peakRssBytes() - before));
                    results.record("list.bytes." + target.store(), (double) bytes);
                }
            }));
        }
        subjects.add(new Subject("raw range", results -> {
            List<Double> times = new ArrayList<>();
            for (int n = 0; n < context.lists(); n++) {
                long t0 = System.nanoTime();
                BenchContext.await(context.raw().rangeBytes(RAW_PREFIX));
                times.add((System.nanoTime() - t0) / 1e9);
            }
            results.record("list.time.raw", Figure.median(times));
        }));
        return subjects;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        String objects = String.format(Locale.ROOT, "%,d", context.objects());
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "LIST of " + objects + " 8 KiB ConfigMaps, " + target.store()
                            + ": time ÷ raw jetcd range of as many values",
                    "list.time." + target.store(),
                    "list.time.raw",
                    Figure.Unit.SECONDS,
                    "value ≤ 0.3 s for 5,000 objects"));
        }
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "the same LIST, " + target.store() + ": time ÷ goal (0.3 s × objects / 5,000)",
                    "list.time." + target.store(),
                    "list.goal." + target.store(),
                    Figure.Unit.SECONDS,
                    "≤ 1"));
        }
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "the same LIST, " + target.store() + ": server peak RSS growth ÷ response size",
                    "list.rss." + target.store(),
                    "list.bytes." + target.store(),
                    Figure.Unit.MIB,
                    "< 1 (streamed)"));
        }
        return figures;
    }
}
