package cloud.gardener.apiserver.metrics;

/** Histogram buckets as k8s.io/component-base/metrics builds them. */
final class Buckets {

    /** apiserver_request_duration_seconds and etcd_request_duration_seconds. */
    static final double[] REQUEST_DURATION = {
        0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60
    };

    /** The admission controller and step histograms. */
    static final double[] ADMISSION = {0.005, 0.025, 0.1, 0.5, 1.0, 2.5};

    /** The admission webhook histogram. */
    static final double[] ADMISSION_WEBHOOK = {0.005, 0.025, 0.1, 0.5, 1.0, 2.5, 10, 25};

    private Buckets() {}

    /** Go's {@code ExponentialBuckets(start, factor, count)}. */
    static double[] exponential(double start, double factor, int count) {
        double[] out = new double[count];
        double next = start;
        for (int i = 0; i < count; i++) {
            out[i] = next;
            next *= factor;
        }
        return out;
    }
}
