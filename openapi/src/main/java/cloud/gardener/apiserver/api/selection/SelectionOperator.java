package cloud.gardener.apiserver.api.selection;

/** The operators of label and field selectors, with the strings of {@code k8s.io/apimachinery/pkg/selection}. */
public enum SelectionOperator {
    DOES_NOT_EXIST("!"),
    EQUALS("="),
    DOUBLE_EQUALS("=="),
    IN("in"),
    NOT_EQUALS("!="),
    NOT_IN("notin"),
    EXISTS("exists"),
    GREATER_THAN("gt"),
    LESS_THAN("lt");

    private final String text;

    SelectionOperator(String text) {
        this.text = text;
    }

    /** The operator as Go spells it, e.g. {@code notin} or {@code gt}. */
    public String text() {
        return text;
    }

    /** Whether the operator demands one exact value ({@code =}, {@code ==}). */
    public boolean isEquality() {
        return this == EQUALS || this == DOUBLE_EQUALS;
    }
}
