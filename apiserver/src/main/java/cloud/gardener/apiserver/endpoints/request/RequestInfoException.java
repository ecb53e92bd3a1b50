package cloud.gardener.apiserver.endpoints.request;

import cloud.gardener.apiserver.api.validation.GoQuote;

/**
 * The path looked like a resource path but could not be resolved (e.g. {@code /apis/g/v/watch}).
 * Kubernetes answers these with a plain-text 500, not a Status; {@link #plainTextBody(String)} builds it.
 */
public final class RequestInfoException extends RuntimeException {

    public RequestInfoException(String message) {
        super(message, null, false, false);
    }

    /**
     * The body {@code responsewriters.InternalError} writes ({@code text/plain}, code 500):
     * {@code Internal Server Error: "<uri>": failed to create RequestInfo: <message>}, with {@code & < >} escaped.
     */
    public String plainTextBody(String requestUri) {
        String text = "Internal Server Error: " + GoQuote.quote(requestUri) + ": failed to create RequestInfo: "
                + getMessage();
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
