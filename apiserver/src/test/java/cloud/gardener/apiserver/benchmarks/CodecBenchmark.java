package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.LegacyModelCodec;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link ModelCodec} alone, A/B against {@link LegacyModelCodec} (the codec before its per-class plans) in the same
 * run: {@code decode} reads a Shoot's JSON tree into its record (typed decoding of a request body), {@code encode}
 * writes the record back as a tree (what every Shoot write does after admission). Two Shoots: {@code example}, the
 * repository's {@code examples/50-shoot.yaml}, and {@code allFields}, openapi's test Shoot that sets almost every spec
 * field, with the status of its {@code shoot-status.yaml} (about 20 KB of JSON). Run e.g. {@code bin/bench-alloc -f 1
 * -wi 3 -i 5 -prof gc CodecBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class CodecBenchmark {

    private static final String RESOURCES = "/cloud/gardener/apiserver/api/core/v1beta1/";

    @Param({"legacy", "current"})
    public String codec;

    @Param({"example", "allFields"})
    public String shoot;

    private JsonNode tree;
    private Shoot record;
    private boolean legacy;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        legacy = codec.equals("legacy");
        ObjectNode input;
        if (shoot.equals("example")) {
            input = (ObjectNode) ShootFixtures.documents(Path.of(System.getProperty("bench.examples", "examples"))
                            .resolve("50-shoot.yaml"))
                    .get(0);
        } else {
            input = (ObjectNode) yaml("shoot-all-fields.yaml");
            input.set("status", yaml("shoot-status.yaml").get("status"));
        }
        // the canonical tree, as a client that read the object back would send it
        tree = Json.readTree(Json.MAPPER.writeValueAsBytes(ModelCodec.canonical(input, Shoot.class)));
        record = ModelCodec.decode(tree, Shoot.class).value();
        ObjectNode a = LegacyModelCodec.encode(record);
        ObjectNode b = ModelCodec.encode(record);
        if (!a.equals(b) || !a.toString().equals(b.toString())) {
            throw new IllegalStateException("the codecs disagree on " + shoot);
        }
    }

    private static JsonNode yaml(String name) throws IOException {
        try (InputStream in = CodecBenchmark.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IOException("no resource " + RESOURCES + name);
            }
            return Json.YAML.readTree(in);
        }
    }

    /**
     * The same A/B by thread CPU time, interleaved (legacy and current blocks alternate), for a loaded machine where
     * wall-clock time per op says little: {@code java -cp ... cloud.gardener.apiserver.benchmarks.CodecBenchmark
     * [rounds]} prints the median CPU microseconds per op of each codec, operation and Shoot.
     */
    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        for (String shoot : new String[] {"example", "allFields"}) {
            CodecBenchmark legacy = state("legacy", shoot);
            CodecBenchmark current = state("current", shoot);
            int ops = shoot.equals("example") ? 2000 : 100;
            for (String op : new String[] {"decode", "encode"}) {
                CodecBenchmark[] sides = {legacy, current};
                long[][] perOp = new long[2][rounds];
                for (int warm = 0; warm < 20; warm++) {
                    for (CodecBenchmark side : sides) {
                        run(side, op, ops);
                    }
                }
                for (int r = 0; r < rounds; r++) {
                    for (int s = 0; s < 2; s++) {
                        int side = (r % 2 == 0) ? s : 1 - s;
                        long start = cpu.getCurrentThreadCpuTime();
                        run(sides[side], op, ops);
                        perOp[side][r] = (cpu.getCurrentThreadCpuTime() - start) / ops;
                    }
                }
                java.util.Arrays.sort(perOp[0]);
                java.util.Arrays.sort(perOp[1]);
                System.out.printf(
                        java.util.Locale.ROOT,
                        "%-9s %-6s legacy %8.2f us  current %8.2f us  (median CPU time per op, %d rounds)%n",
                        shoot,
                        op,
                        perOp[0][rounds / 2] / 1000.0,
                        perOp[1][rounds / 2] / 1000.0,
                        rounds);
            }
        }
    }

    private static CodecBenchmark state(String codec, String shoot) throws IOException {
        CodecBenchmark b = new CodecBenchmark();
        b.codec = codec;
        b.shoot = shoot;
        b.setUp();
        return b;
    }

    /** Where the interleaved A/B puts each result, so that none is optimized away. */
    @SuppressWarnings("unused")
    private static volatile Object sink;

    private static void run(CodecBenchmark b, String op, int ops) {
        boolean decode = op.equals("decode");
        for (int i = 0; i < ops; i++) {
            sink = decode ? b.decode() : b.encode();
        }
    }

    @Benchmark
    public Object decode() {
        return legacy
                ? LegacyModelCodec.decode(tree, Shoot.class).value()
                : ModelCodec.decode(tree, Shoot.class).value();
    }

    @Benchmark
    public ObjectNode encode() {
        return legacy ? LegacyModelCodec.encode(record) : ModelCodec.encode(record);
    }
}
