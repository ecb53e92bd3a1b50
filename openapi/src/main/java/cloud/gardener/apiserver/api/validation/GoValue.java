package cloud.gardener.apiserver.api.validation;

/**
 * A bad value already rendered as Go prints it in a {@code field.Error} (e.g. a struct as {@code %#v}:
 * {@code intstr.IntOrString{Type:0, IntVal:0, StrVal:""}}), so that {@link FieldError} shows it verbatim.
 */
public record GoValue(String text) {

    /** Go's {@code null} for a nil pointer. */
    public static final GoValue NULL = new GoValue("null");

    @Override
    public String toString() {
        return text;
    }
}
