package cloud.gardener.apiserver.api.selection;

/** A selector that does not parse; the message is the Go parser's, the caller turns it into a 400. */
final class SelectorSyntaxException extends Exception {

    SelectorSyntaxException(String message) {
        super(message, null, false, false);
    }
}
