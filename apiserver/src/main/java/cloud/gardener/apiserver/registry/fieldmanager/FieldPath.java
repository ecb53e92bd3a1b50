package cloud.gardener.apiserver.registry.fieldmanager;

import java.util.ArrayList;
import java.util.List;

/** A path from an object's root to one of its fields or items ({@code fieldpath.Path}). */
public record FieldPath(List<PathElement> elements) {

    public FieldPath {
        elements = List.copyOf(elements);
    }

    public static FieldPath of(PathElement... elements) {
        return new FieldPath(List.of(elements));
    }

    /** A path of field names only: {@code FieldPath.fields("spec", "region")}. */
    public static FieldPath fields(String... names) {
        List<PathElement> pes = new ArrayList<>();
        for (String n : names) {
            pes.add(PathElement.field(n));
        }
        return new FieldPath(pes);
    }

    public FieldPath child(PathElement pe) {
        List<PathElement> longer = new ArrayList<>(elements);
        longer.add(pe);
        return new FieldPath(longer);
    }

    public boolean isEmpty() {
        return elements.isEmpty();
    }

    /** As conflicts print it: {@code .spec.provider.workers[name="pool"].maximum}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        elements.forEach(sb::append);
        return sb.toString();
    }
}
