package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelectorRequirement;
import cloud.gardener.apiserver.api.validation.NameFormats;
import java.util.List;
import java.util.Map;

/**
 * {@code metav1.LabelSelectorAsSelector} and {@code Selector.Matches}: a selector that converts (valid operators,
 * keys and values) matches a label set when every requirement holds.
 */
public final class LabelSelectors {

    private LabelSelectors() {}

    /** Whether {@code LabelSelectorAsSelector} succeeds, i.e. the selector can be matched at all. */
    public static boolean convertible(LabelSelector selector) {
        if (selector == null) {
            return true;
        }
        for (Map.Entry<String, String> e : map(selector.matchLabels()).entrySet()) {
            if (!NameFormats.qualifiedName(e.getKey()).isEmpty()
                    || !NameFormats.labelValue(CoreRules.text(e.getValue())).isEmpty()) {
                return false;
            }
        }
        for (LabelSelectorRequirement r : list(selector.matchExpressions())) {
            List<String> values = list(r.values());
            if (!NameFormats.qualifiedName(CoreRules.text(r.key())).isEmpty()) {
                return false;
            }
            boolean ok = switch (CoreRules.text(r.operator())) {
                case "In", "NotIn" -> !values.isEmpty();
                case "Exists", "DoesNotExist" -> values.isEmpty();
                default -> false;
            };
            if (!ok
                    || values.stream()
                            .anyMatch(v ->
                                    !NameFormats.labelValue(CoreRules.text(v)).isEmpty())) {
                return false;
            }
        }
        return true;
    }

    /** {@code Selector.Empty()}: no requirement at all. */
    public static boolean empty(LabelSelector selector) {
        return selector == null
                || (map(selector.matchLabels()).isEmpty()
                        && list(selector.matchExpressions()).isEmpty());
    }

    public static boolean matches(LabelSelector selector, Map<String, String> labels) {
        Map<String, String> set = map(labels);
        for (Map.Entry<String, String> e : map(selector.matchLabels()).entrySet()) {
            if (!set.containsKey(e.getKey())
                    || !CoreRules.text(set.get(e.getKey())).equals(CoreRules.text(e.getValue()))) {
                return false;
            }
        }
        for (LabelSelectorRequirement r : list(selector.matchExpressions())) {
            boolean has = set.containsKey(r.key());
            boolean ok = switch (CoreRules.text(r.operator())) {
                case "In" -> has && list(r.values()).contains(set.get(r.key()));
                case "NotIn" -> !has || !list(r.values()).contains(set.get(r.key()));
                case "Exists" -> has;
                case "DoesNotExist" -> !has;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : l;
    }

    private static <K, V> Map<K, V> map(Map<K, V> m) {
        return m == null ? Map.of() : m;
    }
}
