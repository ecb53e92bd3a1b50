package cloud.gardener.apiserver.endpoints.options;

/**
 * A bad value already rendered the way Go's {@code field.Error} prints it ({@code %q}, {@code %#v});
 * {@code FieldError} prints non-string values with {@code toString()}.
 */
record GoValue(String rendered) {

    @Override
    public String toString() {
        return rendered;
    }
}
