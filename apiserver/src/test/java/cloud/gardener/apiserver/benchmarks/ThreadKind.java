package cloud.gardener.apiserver.benchmarks;

/**
 * What a JVM thread spends its CPU on, told by its name as Linux shows it ({@code /proc/PID/task/TID/comm}, cut to
 * 15 characters): HotSpot's compiler threads ({@code C1 CompilerThre}, {@code C2 CompilerThre}) and its G1 collector
 * threads ({@code GC Thread#0}, {@code G1 Conc#0}, {@code G1 Refine#0}, {@code G1 Main Marker}, {@code G1 Service}),
 * the same names on OpenJDK 17 and Temurin 25. The serial collector collects on the {@code VM Thread}, which counts
 * as other work.
 */
enum ThreadKind {
    JIT,
    GC,
    OTHER;

    static ThreadKind of(String comm) {
        if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
            return JIT;
        }
        if (comm.startsWith("GC Thread#") || comm.startsWith("G1 ")) {
            return GC;
        }
        return OTHER;
    }
}
