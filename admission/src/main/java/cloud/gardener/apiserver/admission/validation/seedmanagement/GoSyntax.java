package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelectorRequirement;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Bad values rendered as Go's {@code %#v} prints them in field errors (maps in key order, as fmt sorts them). */
final class GoSyntax {

    private GoSyntax() {}

    static GoValue stringMap(Map<String, String> map) {
        return new GoValue(mapText(map));
    }

    static GoValue labelSelector(LabelSelector selector) {
        Map<String, String> labels = selector == null ? null : selector.matchLabels();
        List<LabelSelectorRequirement> exprs = selector == null ? null : selector.matchExpressions();
        StringBuilder sb = new StringBuilder("v1.LabelSelector{MatchLabels:")
                .append(mapText(labels))
                .append(", MatchExpressions:[]v1.LabelSelectorRequirement");
        if (exprs == null) {
            sb.append("(nil)");
        } else {
            sb.append('{');
            for (int i = 0; i < exprs.size(); i++) {
                LabelSelectorRequirement r = exprs.get(i);
                sb.append(i == 0 ? "" : ", ")
                        .append("v1.LabelSelectorRequirement{Key:")
                        .append(quote(r.key()))
                        .append(", Operator:")
                        .append(quote(r.operator()))
                        .append(", Values:")
                        .append(stringSlice(r.values()))
                        .append('}');
            }
            sb.append('}');
        }
        return new GoValue(sb.append('}').toString());
    }

    static String stringSlice(List<String> values) {
        if (values == null) {
            return "[]string(nil)";
        }
        StringBuilder sb = new StringBuilder("[]string{");
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(quote(values.get(i)));
        }
        return sb.append('}').toString();
    }

    static String quote(String s) {
        return GoQuote.quote(s == null ? "" : s);
    }

    private static String mapText(Map<String, String> map) {
        if (map == null) {
            return "map[string]string(nil)";
        }
        StringBuilder sb = new StringBuilder("map[string]string{");
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<>(map).entrySet()) {
            sb.append(first ? "" : ", ").append(quote(e.getKey())).append(':').append(quote(e.getValue()));
            first = false;
        }
        return sb.append('}').toString();
    }
}
