package cloud.gardener.apiserver.delegation;

/**
 * A call to kube-apiserver failed: either with an HTTP status ({@link #status()} &gt; 0, the message taken
 * from the returned {@code Status} when there is one) or without an answer ({@link #status()} 0).
 */
public final class KubeApiException extends RuntimeException {

    private final int status;
    private final String serverMessage;

    public KubeApiException(int status, String message) {
        this(status, message, message);
    }

    /** @param serverMessage the message of the server's {@code Status}, as client-go's StatusError prints it */
    public KubeApiException(int status, String message, String serverMessage) {
        super(message);
        this.status = status;
        this.serverMessage = serverMessage;
    }

    public KubeApiException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
        this.serverMessage = message;
    }

    /** What the server said, without the request in front: the error text a Go client would show. */
    public String serverMessage() {
        return serverMessage;
    }

    /** The HTTP status, or 0 when no response arrived. */
    public int status() {
        return status;
    }

    /** Whether trying again may help: no answer, 429, or a 5xx. */
    public boolean retriable() {
        return status == 0 || status == 429 || status >= 500;
    }
}
