package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.core.v1beta1.Extension;
import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.GoStrings;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shared rules of Gardener's {@code pkg/api/core/validation/utils.go} and the apimachinery helpers they
 * call, over the v1beta1 records. Absent strings decode as null; Go's {@code len(x) == 0} is {@link #empty}.
 */
public final class CoreRules {

    public static final String SECRET_GVK = "/v1, Kind=Secret";
    public static final String CONFIG_MAP_GVK = "/v1, Kind=ConfigMap";
    public static final String WORKLOAD_IDENTITY_GVK = "security.gardener.cloud/v1alpha1, Kind=WorkloadIdentity";
    public static final String INTERNAL_SECRET_GVK = "core.gardener.cloud/v1beta1, Kind=InternalSecret";
    private static final String ALLOWED_SPECIAL_CHARACTERS = ".,:-_/\\";

    private CoreRules() {}

    public static boolean empty(String s) {
        return s == null || s.isEmpty();
    }

    /** {@link GoStrings#orEmpty}, by the name the validation rules (and the plugins) read it. */
    public static String text(String s) {
        return GoStrings.orEmpty(s);
    }

    public static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : l;
    }

    public static <K, V> Map<K, V> map(Map<K, V> m) {
        return m == null ? Map.of() : m;
    }

    /** Adds a rule's errors to {@code errs}; most rules pass, and an empty {@code addAll} still copies an array. */
    public static void addAll(List<FieldError> errs, List<FieldError> more) {
        if (!more.isEmpty()) {
            errs.addAll(more);
        }
    }

    private static final DateTimeFormatter GO_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    /**
     * A {@code *metav1.Time} as a field error prints it: {@code time.Time.String()} (the server runs in UTC,
     * API times have whole seconds), or {@code null}.
     */
    public static GoValue goTime(Time time) {
        return time == null ? GoValue.NULL : new GoValue(GO_TIME.format(time.instant()) + " +0000 UTC");
    }

    /**
     * {@code apiequality.Semantic.DeepEqual}: records compare by their JSON (so nil and empty collections are
     * equal, quantities by value), collections element-wise with null as empty.
     */
    public static boolean semanticEqual(Object a, Object b) {
        if (Objects.equals(a, b)) {
            return true; // equal values encode alike: no JSON needed (the common case of an unchanged section)
        }
        if (a instanceof Collection<?> || b instanceof Collection<?>) {
            List<?> x = a == null ? List.of() : new ArrayList<>((Collection<?>) a);
            List<?> y = b == null ? List.of() : new ArrayList<>((Collection<?>) b);
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!semanticEqual(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> || b instanceof Map<?, ?>) {
            return Objects.equals(tree(a == null ? Map.of() : a), tree(b == null ? Map.of() : b));
        }
        if (a != null && b != null && (a.getClass().isRecord() || b.getClass().isRecord())) {
            return Objects.equals(tree(a), tree(b));
        }
        return Objects.equals(a, b);
    }

    /** A value as JSON, for comparisons and for printing structured bad values. */
    public static JsonNode tree(Object value) {
        if (value != null && value.getClass().isRecord()) {
            return ModelCodec.encode(value);
        }
        if (value instanceof Collection<?> c) {
            var arr = Json.MAPPER.createArrayNode();
            c.forEach(e -> arr.add(tree(e)));
            return arr;
        }
        if (value instanceof Map<?, ?> m) {
            var obj = Json.MAPPER.createObjectNode();
            new java.util.TreeMap<>(m).forEach((k, v) -> obj.set(String.valueOf(k), tree(v)));
            return obj;
        }
        return Json.MAPPER.valueToTree(value);
    }

    /** {@code ValidateImmutableField(new, old, path)}. */
    public static List<FieldError> immutable(Object newValue, Object oldValue, FieldPath path) {
        if (semanticEqual(newValue, oldValue)) {
            return List.of();
        }
        Object bad = newValue == null
                        || newValue instanceof String
                        || newValue instanceof Number
                        || newValue instanceof Boolean
                ? newValue
                : tree(newValue);
        return List.of(FieldError.invalid(path.toString(), bad, ObjectMetaValidation.FIELD_IMMUTABLE));
    }

    public static List<FieldError> dns1123Subdomain(String value, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (String msg : NameRules.dns1123Subdomain(text(value))) {
            errs.add(FieldError.invalid(path.toString(), text(value), msg));
        }
        return errs;
    }

    public static List<FieldError> dns1123Label(String value, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (String msg : NameRules.dns1123Label(text(value))) {
            errs.add(FieldError.invalid(path.toString(), text(value), msg));
        }
        return errs;
    }

    public static List<FieldError> namespaceName(String value, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (String msg : NameRules.namespaceName(text(value))) {
            errs.add(FieldError.invalid(path.toString(), text(value), msg));
        }
        return errs;
    }

    /** {@code validateNameConsecutiveHyphens}. */
    public static List<FieldError> noConsecutiveHyphens(String name, FieldPath path) {
        if (text(name).contains("--")) {
            return List.of(FieldError.invalid(path.toString(), name, "name may not contain two consecutive hyphens"));
        }
        return List.of();
    }

    /** {@code validateUnprefixedQualifiedName}: a qualified name without a prefix. */
    public static List<String> unprefixedQualifiedName(String name) {
        List<String> errs = NameRules.qualifiedName(text(name));
        if (!errs.isEmpty()) {
            return errs;
        }
        if (text(name).contains("/")) {
            return List.of("name '" + name + "' must not contain a prefix");
        }
        return List.of();
    }

    /** Go's {@code %v} of a string slice: {@code [a b]}. */
    public static String goList(Collection<String> values) {
        return "[" + String.join(" ", values) + "]";
    }

    /** {@code ValidateFreeFormText}. */
    public static List<FieldError> freeFormText(String value, FieldPath path) {
        List<String> invalid = new ArrayList<>();
        text(value).codePoints().forEach(cp -> {
            if (!Character.isLetter(cp)
                    && !Character.isDigit(cp)
                    && !Character.isWhitespace(cp)
                    && ALLOWED_SPECIAL_CHARACTERS.indexOf(cp) < 0) {
                invalid.add("'" + new String(Character.toChars(cp)) + "'");
            }
        });
        if (invalid.isEmpty()) {
            return List.of();
        }
        return List.of(FieldError.forbidden(path.toString(), "must not contain invalid character: " + goList(invalid)));
    }

    /** {@code kubernetescorevalidation.ValidateResourceQuantityValue}. */
    public static List<FieldError> resourceQuantityValue(String resource, Quantity value, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (value == null) {
            return errs;
        }
        if (value.sign() < 0) {
            errs.add(FieldError.invalid(path.toString(), value.toString(), "must be greater than or equal to 0"));
        }
        if (isIntegerResourceName(resource) && value.milliValue() % 1000 != 0) {
            errs.add(FieldError.invalid(path.toString(), value.toString(), "must be an integer"));
        }
        return errs;
    }

    private static boolean isIntegerResourceName(String name) {
        Set<String> standard = Set.of(
                "pods",
                "services",
                "replicationcontrollers",
                "resourcequotas",
                "configmaps",
                "secrets",
                "persistentvolumeclaims",
                "services.nodeports",
                "services.loadbalancers");
        if (standard.contains(name) || name.startsWith("count/")) {
            return true;
        }
        // extended resources: prefixed, not kubernetes.io, not a requests. quota
        boolean nativeResource = !name.contains("/") || name.contains("kubernetes.io/");
        return !nativeResource && !name.startsWith("requests.");
    }

    /** {@code ValidateCredentialsRef} (namespace required) or its local variant. */
    public static List<FieldError> credentialsRef(ObjectReference ref, boolean requireNamespace, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (empty(ref.apiVersion())) {
            errs.add(FieldError.required(path.child("apiVersion").toString(), "must provide an apiVersion"));
        }
        if (empty(ref.kind())) {
            errs.add(FieldError.required(path.child("kind").toString(), "must provide a kind"));
        }
        if (empty(ref.name())) {
            errs.add(FieldError.required(path.child("name").toString(), "must provide a name"));
        }
        errs.addAll(dns1123Subdomain(ref.name(), path.child("name")));
        if (requireNamespace) {
            if (empty(ref.namespace())) {
                errs.add(FieldError.required(path.child("namespace").toString(), "must provide a namespace"));
            }
            errs.addAll(dns1123Subdomain(ref.namespace(), path.child("namespace")));
        } else if (!empty(ref.namespace())) {
            errs.add(FieldError.invalid(
                    path.child("namespace").toString(), ref.namespace(), "namespace must not be set"));
        }
        String gvk = gvk(ref.apiVersion(), ref.kind());
        List<String> valid = List.of(SECRET_GVK, INTERNAL_SECRET_GVK, WORKLOAD_IDENTITY_GVK);
        if (!valid.contains(gvk)) {
            errs.add(FieldError.notSupported(path.toString(), objectReferenceString(ref), valid));
        }
        return errs;
    }

    /** {@code ObjectReference.String()}. */
    private static String objectReferenceString(ObjectReference ref) {
        String s = text(ref.kind());
        String name = text(ref.namespace()).isEmpty() ? text(ref.name()) : ref.namespace() + "/" + text(ref.name());
        if (!s.isEmpty()) {
            s += ", ";
        }
        return s + name + ", " + text(ref.apiVersion()) + ", " + text(ref.uid()) + ", " + text(ref.resourceVersion())
                + ", " + text(ref.fieldPath());
    }

    /** {@code schema.GroupVersionKind.String()} of an apiVersion and kind. */
    public static String gvk(String apiVersion, String kind) {
        String av = text(apiVersion);
        int slash = av.indexOf('/');
        String group = slash < 0 ? "" : av.substring(0, slash);
        String version = slash < 0 ? av : av.substring(slash + 1);
        return group + "/" + version + ", Kind=" + text(kind);
    }

    /** {@code ValidateObjectReferenceNameAndNamespace}. */
    public static List<FieldError> objectReferenceNameAndNamespace(
            ObjectReference ref, FieldPath path, boolean requireNamespace) {
        List<FieldError> errs = new ArrayList<>();
        if (empty(ref.name())) {
            errs.add(FieldError.required(path.child("name").toString(), "must provide a name"));
        } else {
            errs.addAll(dns1123Subdomain(ref.name(), path.child("name")));
        }
        if (requireNamespace && empty(ref.namespace())) {
            errs.add(FieldError.required(path.child("namespace").toString(), "must provide a namespace"));
        }
        if (!empty(ref.namespace())) {
            errs.addAll(namespaceName(ref.namespace(), path.child("namespace")));
        }
        return errs;
    }

    /** {@code validateCrossVersionObjectReference}. */
    public static List<FieldError> crossVersionObjectReference(
            CrossVersionObjectReference ref, FieldPath path, boolean allowWorkloadIdentity) {
        List<FieldError> errs = new ArrayList<>();
        CrossVersionObjectReference r = ref == null ? new CrossVersionObjectReference(null, null, null) : ref;
        List<String> allowed = new ArrayList<>(List.of(SECRET_GVK, CONFIG_MAP_GVK));
        if (allowWorkloadIdentity) {
            allowed.add(WORKLOAD_IDENTITY_GVK);
        }
        if (empty(r.apiVersion())) {
            errs.add(FieldError.required(path.child("apiVersion").toString(), "must provide an apiVersion"));
        }
        if (empty(r.kind())) {
            errs.add(FieldError.required(path.child("kind").toString(), "must provide a kind"));
        }
        String av = text(r.apiVersion());
        if (av.chars().filter(c -> c == '/').count() > 1) {
            errs.add(FieldError.invalid(
                    path.toString(),
                    tree(r),
                    "cannot determine GroupVersionKind for specified " + "reference: unexpected GroupVersion string: "
                            + av));
        } else if (!allowed.contains(gvk(av, r.kind()))) {
            errs.add(FieldError.notSupported(path.toString(), gvk(av, r.kind()), allowed));
        }
        if (empty(r.name())) {
            errs.add(FieldError.required(path.child("name").toString(), "must provide a name"));
        }
        return errs;
    }

    /** {@code ValidateResources}. */
    public static List<FieldError> resources(
            List<NamedResourceReference> resources, FieldPath path, boolean allowWorkloadIdentity) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<NamedResourceReference> rs = list(resources);
        for (int i = 0; i < rs.size(); i++) {
            NamedResourceReference r = rs.get(i);
            if (empty(r.name())) {
                errs.add(FieldError.required(path.index(i).child("name").toString(), "field must not be empty"));
            } else if (!names.add(r.name())) {
                errs.add(FieldError.duplicate(path.index(i).child("name").toString(), r.name()));
            }
            errs.addAll(crossVersionObjectReference(
                    r.resourceRef(), path.index(i).child("resourceRef"), allowWorkloadIdentity));
        }
        return errs;
    }

    /** {@code validateExtensions}. */
    public static List<FieldError> extensions(List<Extension> extensions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> types = new HashSet<>();
        List<Extension> es = list(extensions);
        for (int i = 0; i < es.size(); i++) {
            String type = text(es.get(i).type());
            if (type.isEmpty()) {
                errs.add(FieldError.required(path.index(i).child("type").toString(), "field must not be empty"));
            } else {
                errs.addAll(dns1123Label(type, path.index(i).child("type")));
            }
            if (!types.add(type)) {
                errs.add(FieldError.duplicate(path.index(i).child("type").toString(), type));
            }
        }
        return errs;
    }

    /** {@code utils.IDForKeyWithOptionalValue}. */
    public static String idForKey(String key, String value) {
        return value == null ? text(key) : text(key) + "=" + value;
    }

    /** Gardener's {@code ValidateTolerations}. */
    public static List<FieldError> tolerations(List<Toleration> tolerations, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> keyValues = new HashSet<>();
        List<Toleration> ts = list(tolerations);
        for (int i = 0; i < ts.size(); i++) {
            Toleration t = ts.get(i);
            FieldPath idx = path.index(i);
            if (empty(t.key())) {
                errs.add(FieldError.required(idx.child("key").toString(), "cannot be empty"));
            } else {
                errs.addAll(ObjectMetaValidation.validateLabelName(t.key(), idx.child("key")));
            }
            if (t.value() != null) {
                for (String msg : NameRules.labelValue(t.value())) {
                    errs.add(FieldError.invalid(idx.child("value").toString(), t.value(), msg));
                }
            }
            String id = idForKey(t.key(), t.value());
            if (keyValues.contains(id) || keyValues.contains(text(t.key()))) {
                errs.add(FieldError.duplicate(idx.toString(), id));
            }
            keyValues.add(id);
        }
        return errs;
    }

    /** {@code ValidateTolerationsAgainstAllowlist}. */
    public static List<FieldError> tolerationsAllowed(
            List<Toleration> tolerations, List<Toleration> allowlist, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> allowed = new TreeSet<>();
        list(allowlist).forEach(t -> allowed.add(idForKey(t.key(), t.value())));
        List<Toleration> ts = list(tolerations);
        for (int i = 0; i < ts.size(); i++) {
            Toleration t = ts.get(i);
            if (!allowed.contains(idForKey(t.key(), null)) && !allowed.contains(idForKey(t.key(), t.value()))) {
                errs.add(FieldError.forbidden(
                        path.index(i).toString(), "only the following tolerations are allowed: " + goList(allowed)));
            }
        }
        return errs;
    }

    /** {@code ValidateIPFamilies}. */
    public static List<FieldError> ipFamilies(List<String> families, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> fs = list(families);
        for (int i = 0; i < fs.size(); i++) {
            String f = text(fs.get(i));
            if (!f.equals("IPv4") && !f.equals("IPv6")) {
                errs.add(FieldError.notSupported(path.index(i).toString(), f, List.of("IPv4", "IPv6")));
            }
            if (!seen.add(f)) {
                errs.add(FieldError.duplicate(path.index(i).toString(), f));
            }
        }
        return errs;
    }
}
