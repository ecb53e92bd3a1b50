package cloud.gardener.apiserver.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code kubectl get configmaps -o name} of the LIST row's ConfigMaps (kubectl asks for {@code application/json}, the
 * full objects, in pages of 500), against {@code kubectl get --raw} of the same list from the same server (the bytes
 * fetched, nothing decoded): what kubectl costs beyond fetching. Also kubectl's own CPU time (user and system, from
 * its parent shell's {@code /proc} children times) against its wall time: near or above 1, kubectl's decoding of the
 * objects is the time, not the server.
 */
final class KubectlNamesRow implements BenchRow {

    /** The goal for 5,000 objects; scaled to the run's object count. */
    static final double GOAL_SECONDS_FOR_5000 = 2.0;

    private static final Pattern SPACES = Pattern.compile(" ");

    private final BenchContext context;
    private final int concurrency;
    private final boolean listRowCreatesObjects;
    private final Map<ApiTarget, Path> kubeconfigs = new LinkedHashMap<>();

    KubectlNamesRow(BenchContext context, int concurrency, boolean listRowCreatesObjects) {
        this.context = context;
        this.concurrency = concurrency;
        this.listRowCreatesObjects = listRowCreatesObjects;
    }

    @Override
    public String name() {
        return "kubectl-names";
    }

    @Override
    public void prepare() throws Exception {
        Path tls = context.dir().resolve("kubectl");
        Files.createDirectories(tls);
        Path ca = Files.writeString(tls.resolve("serving-ca.crt"), context.tls().servingCaPem());
        Path cert = Files.writeString(tls.resolve("admin.crt"), context.tls().adminCertPem());
        Path key = Files.writeString(tls.resolve("admin.key"), context.tls().adminKeyPem());
        for (ApiTarget target : context.targets()) {
            String name = "kubeconfig-" + target.store().replaceAll("[^a-z0-9]+", "-");
            kubeconfigs.put(target, Files.writeString(tls.resolve(name), """
                            apiVersion: v1
                            kind: Config
                            clusters:
                            - name: bench
                              cluster:
                                server: https://127.0.0.1:%d
                                certificate-authority: %s
                            users:
                            - name: admin
                              user:
                                client-certificate: %s
                                client-key: %s
                            contexts:
                            - name: bench
                              context: {cluster: bench, user: admin}
                            current-context: bench
                            """.formatted(
                            target.process().port(), ca, cert, key)));
            if (!listRowCreatesObjects) {
                ListRow.createObjects(context, target, concurrency);
            }
        }
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            Path kubeconfig = kubeconfigs.get(target);
            subjects.add(new Subject("kubectl -o name on " + target.store(), results -> {
                Run run = median(kubeconfig, "get", "configmaps", "-n", ConfigMaps.LIST_NAMESPACE, "-o", "name");
                results.record("kubectl.names.time." + target.store(), run.wallSeconds());
                results.record("kubectl.names.cpu." + target.store(), run.cpuSeconds());
                results.record(
                        "kubectl.names.goal." + target.store(), GOAL_SECONDS_FOR_5000 * context.objects() / 5000.0);
            }));
            subjects.add(new Subject("kubectl get --raw on " + target.store(), results -> {
                Run run = median(kubeconfig, "get", "--raw", ConfigMaps.collection(ConfigMaps.LIST_NAMESPACE));
                results.record("kubectl.raw.time." + target.store(), run.wallSeconds());
            }));
        }
        return subjects;
    }

    /** One kubectl run: its wall time and its own CPU time. */
    record Run(double wallSeconds, double cpuSeconds) {}

    private Run median(Path kubeconfig, String... args) throws IOException, InterruptedException {
        List<Run> runs = new ArrayList<>();
        for (int n = 0; n < context.lists(); n++) {
            runs.add(kubectl(kubeconfig, args));
        }
        runs.sort((a, b) -> Double.compare(a.wallSeconds(), b.wallSeconds()));
        return runs.get(runs.size() / 2);
    }

    /**
     * Runs kubectl under a shell that prints its children's CPU ticks (fields 16 and 17 of its {@code /proc} stat)
     * once kubectl has ended; kubectl's output is counted and dropped.
     */
    private static Run kubectl(Path kubeconfig, String... args) throws IOException, InterruptedException {
        StringBuilder command = new StringBuilder("kubectl --kubeconfig '" + kubeconfig + "'");
        for (String a : args) {
            command.append(" '").append(a).append('\'');
        }
        command.append(" | wc -c >&2; test \"${PIPESTATUS[0]}\" = 0 || exit 3; cat /proc/$$/stat");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder("bash", "-c", command.toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8).trim();
        String err = new String(p.getErrorStream().readAllBytes(), UTF_8).trim();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException("kubectl " + String.join(" ", args) + " failed: " + err);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        // after the command name in parentheses: field 3 is the state; cutime and cstime are fields 16 and 17
        String[] fields = SPACES.split(out.substring(out.lastIndexOf(')') + 2), -1);
        long ticks = Long.parseLong(fields[16 - 3]) + Long.parseLong(fields[17 - 3]);
        return new Run(wall, ticks / 100.0); // USER_HZ is 100 on Linux
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        String objects = String.format(Locale.ROOT, "%,d", context.objects());
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "kubectl get -o name of " + objects + " 8 KiB ConfigMaps, " + target.store()
                            + ": time ÷ kubectl get --raw of the same list",
                    "kubectl.names.time." + target.store(),
                    "kubectl.raw.time." + target.store(),
                    Figure.Unit.SECONDS,
                    "value ≤ 2 s for 5,000 objects"));
            figures.add(new Figure(
                    "the same kubectl -o name, " + target.store() + ": time ÷ goal (2 s × objects / 5,000)",
                    "kubectl.names.time." + target.store(),
                    "kubectl.names.goal." + target.store(),
                    Figure.Unit.SECONDS,
                    "≤ 1"));
            figures.add(new Figure(
                    "the same kubectl -o name, " + target.store() + ": kubectl's own CPU time ÷ its wall time",
                    "kubectl.names.cpu." + target.store(),
                    "kubectl.names.time." + target.store(),
                    Figure.Unit.SECONDS,
                    "none: near 1 (or above) says kubectl's decoding is the time"));
        }
        return figures;
    }
}
