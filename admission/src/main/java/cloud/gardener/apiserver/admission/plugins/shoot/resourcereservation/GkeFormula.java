package cloud.gardener.apiserver.admission.plugins.shoot.resourcereservation;

/** GKE's kubelet reservations for a machine's CPU and memory, as Gardener computes them. */
final class GkeFormula {

    private static final long MIB = 1024L * 1024;
    private static final long GIB = 1024 * MIB;

    private GkeFormula() {}

    /** 6% of the first core, 1% of the second, 0.5% of cores 3-4, 0.25% of the rest (whole cores), in millicores. */
    static long cpuMillis(long cpuMilli) {
        long reservation = 0;
        if (cpuMilli > 0) {
            reservation += 60;
        }
        if (cpuMilli > 1000) {
            reservation += 10;
        }
        if (cpuMilli > 2000) {
            reservation += (Math.min(cpuMilli / 1000, 4) - 2) * 5;
        }
        if (cpuMilli > 4000) {
            reservation += (cpuMilli / 1000 - 4) * 5 / 2;
        }
        return reservation;
    }

    /** 255Mi below 1Gi, else 25% of the first 4Gi, 20% of the next 4, 10% of the next 8, 6% up to 128Gi, 2% above. */
    static long memoryBytes(long memory) {
        long reservation = 0;
        if (memory < GIB) {
            reservation = 255 * MIB;
        }
        if (memory >= GIB) {
            reservation += Math.min(memory, 4 * GIB) / 4;
        }
        if (memory >= 4 * GIB) {
            reservation += (Math.min(memory, 8 * GIB) - 4 * GIB) / 5;
        }
        if (memory >= 8 * GIB) {
            reservation += (Math.min(memory, 16 * GIB) - 8 * GIB) / 10;
        }
        if (memory >= 16 * GIB) {
            reservation += (Math.min(memory, 128 * GIB) - 16 * GIB) / 100 * 6;
        }
        if (memory >= 128 * GIB) {
            reservation += (memory - 128 * GIB) / 100 * 2;
        }
        return reservation;
    }
}
