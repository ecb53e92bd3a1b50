package cloud.gardener.apiserver.admission;

/**
 * Told how long each admission call took and whether it rejected, for k8s.io/apiserver's admission metrics: once per
 * plugin call and once per phase ({@code type} is {@code admit} or {@code validate}, as upstream labels them), and
 * once per admission webhook call ({@code type} is {@code admit} or {@code validating} there, as upstream's webhook
 * dispatchers label them).
 */
public interface AdmissionObserver {

    AdmissionObserver NONE = new AdmissionObserver() {
        @Override
        public void plugin(String name, String type, Operation operation, boolean rejected, long elapsedNanos) {}

        @Override
        public void step(String type, Operation operation, boolean rejected, long elapsedNanos) {}
    };

    void plugin(String name, String type, Operation operation, boolean rejected, long elapsedNanos);

    void step(String type, Operation operation, boolean rejected, long elapsedNanos);

    /**
     * One webhook call, as upstream's {@code ObserveWebhook}.
     *
     * @param rejected whether the call refused the request (a call failure under failurePolicy Ignore did not)
     * @param code     200 when allowed, the rejection's or the failed call's status code, 0 for an internal error
     */
    default void webhook(
            String name, String type, Operation operation, boolean rejected, int code, long elapsedNanos) {}

    /**
     * A webhook refused the request, as upstream's {@code ObserveWebhookRejection}.
     *
     * @param errorType {@code no_error} (the webhook said no), {@code calling_webhook_error} or
     *     {@code apiserver_internal_error}
     * @param code      the status code (0 for an internal error)
     */
    default void webhookRejection(String name, String type, Operation operation, String errorType, int code) {}

    /** A webhook could not be called and its failurePolicy Ignore let the request go on. */
    default void webhookFailOpen(String name, String type) {}
}
