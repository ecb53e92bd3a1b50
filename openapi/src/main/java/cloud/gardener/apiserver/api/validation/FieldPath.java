package cloud.gardener.apiserver.api.validation;

/**
 * A field path as {@code field.Path} prints it: children joined by dots, list indexes and map keys in
 * brackets ({@code spec.provider.workers[0].labels[a/b]}). Immutable; every step returns a new path.
 *
 * <p>Each step only links to its parent: validators derive a path for every field they check, but the text is
 * needed only for the few that fail, so it is rendered on first {@link #toString()} (and kept).
 */
public final class FieldPath {

    private static final int ROOT = 0;
    private static final int CHILD = 1;
    private static final int INDEX = 2;
    private static final int KEY = 3;

    private final FieldPath parent;
    private final int kind;
    /** The root's text, a child's name or a key; null for an index. */
    private final String name;

    private final int index;
    /** The rendered text, once asked for (a benign race: every thread renders the same string). */
    private String text;

    private FieldPath(FieldPath parent, int kind, String name, int index) {
        this.parent = parent;
        this.kind = kind;
        this.name = name;
        this.index = index;
    }

    /** A root path of one name: {@code FieldPath.of("spec")}. */
    public static FieldPath of(String name) {
        return new FieldPath(null, ROOT, name, 0);
    }

    /** A root path of one or more names: {@code FieldPath.of("spec", "provider")}. */
    public static FieldPath of(String name, String... more) {
        return of(name).child(more);
    }

    public FieldPath child(String name) {
        return new FieldPath(this, CHILD, name, 0);
    }

    public FieldPath child(String... names) {
        FieldPath p = this;
        for (String name : names) {
            p = p.child(name);
        }
        return p;
    }

    public FieldPath index(int index) {
        return new FieldPath(this, INDEX, null, index);
    }

    public FieldPath key(String key) {
        return new FieldPath(this, KEY, key, 0);
    }

    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            StringBuilder sb = new StringBuilder();
            render(sb);
            t = sb.toString();
            text = t;
        }
        return t;
    }

    /** Appends the steps root first, as the eager steps did: a dot before a name unless nothing precedes it. */
    private void render(StringBuilder sb) {
        if (parent != null) {
            String rendered = parent.text;
            if (rendered != null) {
                sb.append(rendered);
            } else {
                parent.render(sb);
            }
        }
        switch (kind) {
            case ROOT -> sb.append(name);
            case CHILD -> {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(name);
            }
            case INDEX -> sb.append('[').append(index).append(']');
            default -> sb.append('[').append(name).append(']');
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldPath p && p.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }
}
