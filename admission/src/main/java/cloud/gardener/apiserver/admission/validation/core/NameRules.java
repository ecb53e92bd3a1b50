package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelectorRequirement;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.NameFormats;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The apimachinery string and selector checks the Gardener validators use beyond {@link NameFormats} and
 * {@link ObjectMetaValidation}: namespace names, config-map keys, path segments and label selectors.
 */
public final class NameRules {

    public static final ObjectMetaValidation.NameRule DNS_SUBDOMAIN_NAME = ObjectMetaValidation.NAME_IS_DNS_SUBDOMAIN;
    public static final ObjectMetaValidation.NameRule DNS_LABEL_NAME = ObjectMetaValidation.NAME_IS_DNS_LABEL;

    private static final String CONFIG_MAP_KEY_FMT = "[-._a-zA-Z0-9]+";
    private static final Pattern CONFIG_MAP_KEY = Pattern.compile(CONFIG_MAP_KEY_FMT);

    private NameRules() {}

    public static List<String> dns1123Label(String value) {
        return NameFormats.dns1123Label(value);
    }

    public static List<String> dns1123Subdomain(String value) {
        return NameFormats.dns1123Subdomain(value);
    }

    public static List<String> qualifiedName(String value) {
        return NameFormats.qualifiedName(value);
    }

    public static List<String> labelValue(String value) {
        return NameFormats.labelValue(value);
    }

    /** {@code ValidateNamespaceName(name, false)}. */
    public static List<String> namespaceName(String value) {
        return DNS_LABEL_NAME.problems(value, false);
    }

    /** {@code IsConfigMapKey}. */
    public static List<String> configMapKey(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > NameFormats.DNS1123_SUBDOMAIN_MAX_LENGTH) {
            errs.add(NameFormats.maxLenError(NameFormats.DNS1123_SUBDOMAIN_MAX_LENGTH));
        }
        if (!CONFIG_MAP_KEY.matcher(value).matches()) {
            errs.add(NameFormats.regexError(
                    "a valid config key must consist of alphanumeric characters, '-', '_' " + "or '.'",
                    CONFIG_MAP_KEY_FMT,
                    "key.name",
                    "KEY_NAME",
                    "key-name"));
        }
        if (value.equals(".")) {
            errs.add("must not be '.'");
        } else if (value.equals("..")) {
            errs.add("must not be '..'");
        } else if (value.startsWith("..")) {
            errs.add("must not start with '..'");
        }
        return errs;
    }

    /** {@code path.IsValidPathSegmentName}. */
    public static List<String> pathSegmentName(String name) {
        List<String> errs = new ArrayList<>();
        if (name.equals(".") || name.equals("..")) {
            errs.add("may not be '" + name + "'");
            return errs;
        }
        if (name.contains("/")) {
            errs.add("may not contain '/'");
        }
        if (name.contains("%")) {
            errs.add("may not contain '%'");
        }
        return errs;
    }

    /** {@code metav1validation.ValidateLabelSelector} with default options. */
    public static List<FieldError> labelSelector(LabelSelector selector, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (selector == null) {
            return errs;
        }
        errs.addAll(ObjectMetaValidation.validateLabels(selector.matchLabels(), path.child("matchLabels")));
        List<LabelSelectorRequirement> exprs = CoreRules.list(selector.matchExpressions());
        for (int i = 0; i < exprs.size(); i++) {
            LabelSelectorRequirement r = exprs.get(i);
            FieldPath p = path.child("matchExpressions").index(i);
            List<String> values = CoreRules.list(r.values());
            switch (CoreRules.text(r.operator())) {
                case "In", "NotIn" -> {
                    if (values.isEmpty()) {
                        errs.add(FieldError.required(
                                p.child("values").toString(), "must be specified when `operator` is 'In' or 'NotIn'"));
                    }
                }
                case "Exists", "DoesNotExist" -> {
                    if (!values.isEmpty()) {
                        errs.add(FieldError.forbidden(
                                p.child("values").toString(),
                                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                    }
                }
                default ->
                    errs.add(FieldError.invalid(
                            p.child("operator").toString(),
                            CoreRules.text(r.operator()),
                            "not a valid selector operator"));
            }
            errs.addAll(ObjectMetaValidation.validateLabelName(CoreRules.text(r.key()), p.child("key")));
            for (int j = 0; j < values.size(); j++) {
                for (String msg : labelValue(CoreRules.text(values.get(j)))) {
                    errs.add(FieldError.invalid(p.child("values").index(j).toString(), values.get(j), msg));
                }
            }
        }
        return errs;
    }
}
