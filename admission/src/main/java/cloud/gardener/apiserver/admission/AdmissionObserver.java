package cloud.gardener.apiserver.admission;

/**
 * Told how long each admission call took and whether it rejected, for k8s.io/apiserver's admission metrics: once per
 * plugin call and once per phase ({@code type} is {@code admit} or {@code validate}, as upstream labels them).
 */
public interface AdmissionObserver {

    AdmissionObserver NONE = new AdmissionObserver() {
        @Override
        public void plugin(String name, String type, Operation operation, boolean rejected, long elapsedNanos) {
        }

        @Override
        public void step(String type, Operation operation, boolean rejected, long elapsedNanos) {
        }
    };

    void plugin(String name, String type, Operation operation, boolean rejected, long elapsedNanos);

    void step(String type, Operation operation, boolean rejected, long elapsedNanos);
}
