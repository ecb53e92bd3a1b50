package cloud.gardener.apiserver.api.selection;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A parsed label selector ({@code labelSelector} query parameter) with the set-based syntax of
 * {@code labels.Parse}: {@code a=b}, {@code a==b}, {@code a!=b}, {@code a in (x,y)},
 * {@code a notin (x)}, {@code a}, {@code !a}, {@code a>1}, {@code a<1}. Immutable.
 */
public final class LabelSelector {

    private static final LabelSelector EVERYTHING = new LabelSelector(List.of());

    private final List<LabelRequirement> requirements;

    private LabelSelector(List<LabelRequirement> requirements) {
        this.requirements = List.copyOf(requirements);
    }

    /** The selector that matches every label set. */
    public static LabelSelector everything() {
        return EVERYTHING;
    }

    /**
     * Parses a selector; {@code null} or blank input selects everything.
     *
     * @throws ApiException 400 BadRequest with the Kubernetes parser's message when the syntax is wrong
     */
    public static LabelSelector parse(String selector) {
        if (selector == null || selector.isEmpty()) {
            return EVERYTHING;
        }
        try {
            return new LabelSelector(LabelSelectorParser.parse(selector));
        } catch (SelectorSyntaxException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** Whether every requirement holds for {@code labels} (a missing label map is the empty map). */
    public boolean matches(Map<String, String> labels) {
        Map<String, String> actual = labels == null ? Map.of() : labels;
        for (LabelRequirement requirement : requirements) {
            if (!requirement.matches(actual)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the selector does not restrict anything. */
    public boolean isEmpty() {
        return requirements.isEmpty();
    }

    /** The requirements, sorted by key. */
    public List<LabelRequirement> requirements() {
        return requirements;
    }

    /** The value {@code key} must equal if some requirement pins it ({@code =}, {@code ==} or a one-value {@code in}). */
    public Optional<String> requiresExactMatch(String key) {
        for (LabelRequirement r : requirements) {
            if (r.key().equals(key)) {
                boolean exact = r.operator().isEquality() || r.operator() == SelectionOperator.IN;
                return exact && r.values().size() == 1 ? Optional.of(r.values().get(0)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The canonical form, as {@code labels.Selector.String} prints it. */
    @Override
    public String toString() {
        return requirements.stream().map(LabelRequirement::toString).collect(Collectors.joining(","));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelSelector other && requirements.equals(other.requirements);
    }

    @Override
    public int hashCode() {
        return requirements.hashCode();
    }
}
