package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Shoot creates/s through the full admission chain ({@link ShootFixtures}, then copies of the example Shoot),
 * against raw jetcd creates of the bytes the server stored for such a Shoot.
 */
final class ShootCreateRow implements BenchRow {

    private static final String NAMESPACE = ShootFixtures.NAMESPACE;
    private static final String COLLECTION = ShootFixtures.COLLECTION;
    private static final String NAME_PLACEHOLDER = "bench-shoot-name";
    /** Marks this row's Shoots, so that only they are deleted after each measurement. */
    private static final String ROW_LABEL = "bench.gardener.cloud/row";
    /**
     * The most creates of one measurement (it ends at its duration or at this count, every subject alike): the Shoots
     * stay in the servers' watch and admission caches until the delete after it, which takes 3–8 ms per Shoot.
     */
    private static final int MOST_CREATES = 10_000;
    /** Shoots a collection delete removes per request. */
    private static final int SHOOTS_PAGE = 500;

    private final BenchContext context;
    private final AtomicInteger measurement = new AtomicInteger();
    private String template;
    private byte[] stored;

    ShootCreateRow(BenchContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "shoot-create";
    }

    @Override
    public void prepare() throws Exception {
        for (ApiTarget target : context.targets()) {
            ShootFixtures.apply(context, target);
        }
        ObjectNode shoot = ShootFixtures.shoot(context);
        ObjectNode metadata = (ObjectNode) shoot.path("metadata");
        metadata.put("name", NAME_PLACEHOLDER);
        // deletable after each measurement: labelled as this row's, and confirmed for deletion as Gardener requires
        metadata.withObjectProperty("labels").put(ROW_LABEL, name());
        metadata.withObjectProperty("annotations").put("confirmation.gardener.cloud/deletion", "true");
        template = Json.MAPPER.writeValueAsString(shoot);
        stored = BenchContext.await(context.targets().get(0).create(COLLECTION, shoot("template")))
                .getBytes();
    }

    /** Shoot names are short (the project's name and the Shoot's make a technical ID of limited length). */
    private Buffer shoot(String name) {
        return Buffer.buffer(template.replace(NAME_PLACEHOLDER, name));
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            subjects.add(new Subject("Shoot creates on " + target.store(), results -> {
                String prefix = "b" + Integer.toString(measurement.incrementAndGet(), 36) + "x";
                results.record(
                        "shoot.create." + target.store(),
                        load.withLimit(MOST_CREATES)
                                .run(
                                        "Shoot creates on " + target.store(),
                                        i -> target.create(COLLECTION, shoot(prefix + Integer.toString(i, 36)))));
                // else the Shoots of every measurement stay in the servers' watch caches: after the seven warm-up
                // rounds of a --warmup-until-jit run the embedded server spent most of its CPU collecting garbage
                Cleanup.deleteCollection(target, COLLECTION, ROW_LABEL + "=" + name(), SHOOTS_PAGE);
            }));
        }
        subjects.add(new Subject("raw Shoot creates", results -> {
            String prefix = "/bench-raw/shoots/" + NAMESPACE + "/b" + measurement.incrementAndGet() + "x";
            results.record(
                    "shoot.create.raw",
                    load.withLimit(MOST_CREATES)
                            .run("raw Shoot creates", i -> context.raw().create(prefix + i, stored)));
            BenchContext.await(context.raw().deletePrefix(prefix));
        }));
        return subjects;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "Shoot creates/s, full admission chain, " + target.store()
                            + " ÷ raw jetcd creates of the stored bytes",
                    "shoot.create." + target.store(),
                    "shoot.create.raw",
                    Figure.Unit.PER_SECOND,
                    "≥ 0.4"));
        }
        return figures;
    }
}
