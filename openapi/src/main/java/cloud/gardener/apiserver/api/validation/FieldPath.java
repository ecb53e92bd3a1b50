package cloud.gardener.apiserver.api.validation;

/**
 * A field path as {@code field.Path} prints it: children joined by dots, list indexes and map keys in
 * brackets ({@code spec.provider.workers[0].labels[a/b]}). Immutable; every step returns a new path.
 */
public final class FieldPath {

    private final String text;

    private FieldPath(String text) {
        this.text = text;
    }

    /** A root path of one or more names: {@code FieldPath.of("spec", "provider")}. */
    public static FieldPath of(String name, String... more) {
        return new FieldPath(name).child(more);
    }

    public FieldPath child(String... names) {
        StringBuilder sb = new StringBuilder(text);
        for (String name : names) {
            if (!sb.isEmpty()) {
                sb.append('.');
            }
            sb.append(name);
        }
        return new FieldPath(sb.toString());
    }

    public FieldPath index(int index) {
        return new FieldPath(text + "[" + index + "]");
    }

    public FieldPath key(String key) {
        return new FieldPath(text + "[" + key + "]");
    }

    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldPath p && p.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
