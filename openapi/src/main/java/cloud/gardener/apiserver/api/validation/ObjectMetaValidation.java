package cloud.gardener.apiserver.api.validation;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.OwnerReference;
import cloud.gardener.apiserver.api.model.GoStrings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * apimachinery's generic object-metadata rules ({@code ValidateObjectMeta}, {@code ValidateObjectMetaUpdate},
 * {@code ValidateLabels}, {@code ValidateAnnotations}, ...) for every kind's validator. Maps are walked in
 * key order so that the errors come out in a stable order (Go's order is random).
 */
public final class ObjectMetaValidation {

    /** A name rule as apimachinery's {@code ValidateNameFunc}: the problems of a name or a generateName prefix. */
    @FunctionalInterface
    public interface NameRule {
        List<String> problems(String name, boolean prefix);
    }

    /** {@code NameIsDNSSubdomain}. */
    public static final NameRule NAME_IS_DNS_SUBDOMAIN =
            (name, prefix) -> NameFormats.dns1123Subdomain(prefix ? maskTrailingDash(name) : name);
    /** {@code NameIsDNSLabel}. */
    public static final NameRule NAME_IS_DNS_LABEL =
            (name, prefix) -> NameFormats.dns1123Label(prefix ? maskTrailingDash(name) : name);

    public static final String FIELD_IMMUTABLE = "field is immutable";
    public static final int TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

    private ObjectMetaValidation() {}

    /** {@code ValidateObjectMeta}: names, namespace, generation, labels, annotations, owners, finalizers. */
    public static List<FieldError> validate(ObjectMeta meta, boolean namespaced, NameRule nameRule, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        ObjectMeta m = meta == null ? emptyMeta() : meta;
        if (!isEmpty(m.generateName())) {
            for (String msg : nameRule.problems(m.generateName(), true)) {
                errs.add(FieldError.invalid(path.child("generateName").toString(), m.generateName(), msg));
            }
        }
        if (isEmpty(m.name())) {
            errs.add(FieldError.required(path.child("name").toString(), "name or generateName is required"));
        } else {
            for (String msg : nameRule.problems(m.name(), false)) {
                errs.add(FieldError.invalid(path.child("name").toString(), m.name(), msg));
            }
        }
        if (namespaced) {
            if (isEmpty(m.namespace())) {
                errs.add(FieldError.required(path.child("namespace").toString(), ""));
            } else {
                for (String msg : NameFormats.dns1123Label(m.namespace())) {
                    errs.add(FieldError.invalid(path.child("namespace").toString(), m.namespace(), msg));
                }
            }
        } else if (!isEmpty(m.namespace())) {
            errs.add(FieldError.forbidden(path.child("namespace").toString(), "not allowed on this type"));
        }
        if (m.generation() < 0) {
            errs.add(FieldError.invalid(
                    path.child("generation").toString(), m.generation(), "must be greater than or equal to 0"));
        }
        errs.addAll(validateLabels(m.labels(), path.child("labels")));
        errs.addAll(validateAnnotations(m.annotations(), path.child("annotations")));
        errs.addAll(validateOwnerReferences(m.ownerReferences(), path.child("ownerReferences")));
        errs.addAll(validateFinalizers(m.finalizers(), path.child("finalizers")));
        return errs;
    }

    /** {@code ValidateObjectMetaUpdate}: server-owned and identifying fields are immutable; labels etc. stay valid. */
    public static List<FieldError> validateUpdate(ObjectMeta meta, ObjectMeta old, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        ObjectMeta m = meta == null ? emptyMeta() : meta;
        ObjectMeta o = old == null ? emptyMeta() : old;
        if (o.deletionTimestamp() != null) {
            List<String> added = new ArrayList<>(nullToEmpty(m.finalizers()));
            added.removeAll(nullToEmpty(o.finalizers()));
            if (!added.isEmpty()) {
                errs.add(FieldError.forbidden(
                        path.child("finalizers").toString(),
                        "no new finalizers can be added if the object is being deleted, found new finalizers "
                                + goStrings(added)));
            }
        }
        if (isEmpty(m.resourceVersion())) {
            errs.add(FieldError.invalid(
                    path.child("resourceVersion").toString(),
                    GoStrings.orEmpty(m.resourceVersion()),
                    "must be specified for an update"));
        }
        if (m.generation() < o.generation()) {
            errs.add(
                    FieldError.invalid(path.child("generation").toString(), m.generation(), "must not be decremented"));
        }
        errs.addAll(immutable(GoStrings.orEmpty(m.name()), GoStrings.orEmpty(o.name()), path.child("name")));
        errs.addAll(
                immutable(GoStrings.orEmpty(m.namespace()), GoStrings.orEmpty(o.namespace()), path.child("namespace")));
        errs.addAll(immutable(GoStrings.orEmpty(m.uid()), GoStrings.orEmpty(o.uid()), path.child("uid")));
        errs.addAll(immutable(m.creationTimestamp(), o.creationTimestamp(), path.child("creationTimestamp")));
        errs.addAll(immutable(m.deletionTimestamp(), o.deletionTimestamp(), path.child("deletionTimestamp")));
        errs.addAll(immutable(
                m.deletionGracePeriodSeconds(),
                o.deletionGracePeriodSeconds(),
                path.child("deletionGracePeriodSeconds")));
        errs.addAll(validateLabels(m.labels(), path.child("labels")));
        errs.addAll(validateAnnotations(m.annotations(), path.child("annotations")));
        errs.addAll(validateOwnerReferences(m.ownerReferences(), path.child("ownerReferences")));
        return errs;
    }

    /** {@code ValidateImmutableField}: an Invalid error carrying the new value when it differs from the old one. */
    public static List<FieldError> immutable(Object value, Object old, FieldPath path) {
        return Objects.equals(value, old)
                ? List.of()
                : List.of(FieldError.invalid(path.toString(), value, FIELD_IMMUTABLE));
    }

    /** {@code ValidateLabels}: qualified keys and label values, reported at the map's own path. */
    public static List<FieldError> validateLabels(Map<String, String> labels, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (labels == null) {
            return errs;
        }
        new TreeMap<>(labels).forEach((k, v) -> {
            errs.addAll(validateLabelName(k, path));
            for (String msg : NameFormats.labelValue(v == null ? "" : v)) {
                errs.add(FieldError.invalid(path.toString(), v, msg));
            }
        });
        return errs;
    }

    /** {@code ValidateLabelName}: a qualified name. */
    public static List<FieldError> validateLabelName(String name, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (String msg : NameFormats.qualifiedName(name)) {
            errs.add(FieldError.invalid(path.toString(), name, msg));
        }
        return errs;
    }

    /** {@code ValidateAnnotations}: case-insensitive qualified keys, 256 KiB in total. */
    public static List<FieldError> validateAnnotations(Map<String, String> annotations, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (annotations == null) {
            return errs;
        }
        long size = 0;
        for (Map.Entry<String, String> e : new TreeMap<>(annotations).entrySet()) {
            for (String msg : NameFormats.qualifiedName(e.getKey().toLowerCase(java.util.Locale.ROOT))) {
                errs.add(FieldError.invalid(path.toString(), e.getKey(), msg));
            }
            size += utf8Length(e.getKey()) + utf8Length(e.getValue());
        }
        if (size > TOTAL_ANNOTATION_SIZE_LIMIT) {
            errs.add(FieldError.tooLong(path.toString(), "", TOTAL_ANNOTATION_SIZE_LIMIT));
        }
        return errs;
    }

    /** {@code ValidateOwnerReferences}: complete references and at most one controller. */
    public static List<FieldError> validateOwnerReferences(List<OwnerReference> refs, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (refs == null) {
            return errs;
        }
        String firstController = "";
        for (OwnerReference ref : refs) {
            String apiVersion = GoStrings.orEmpty(ref.apiVersion());
            String[] gv = apiVersion.split("/", -1);
            String version = apiVersion.isEmpty() || gv.length > 2 ? "" : gv[gv.length - 1];
            if (version.isEmpty()) {
                errs.add(FieldError.invalid(
                        path.child("apiVersion").toString(), apiVersion, "version must not be empty"));
            }
            if (isEmpty(ref.kind())) {
                errs.add(FieldError.invalid(
                        path.child("kind").toString(), GoStrings.orEmpty(ref.kind()), "must not be empty"));
            }
            if (isEmpty(ref.name())) {
                errs.add(FieldError.invalid(
                        path.child("name").toString(), GoStrings.orEmpty(ref.name()), "must not be empty"));
            }
            if (isEmpty(ref.uid())) {
                errs.add(FieldError.invalid(
                        path.child("uid").toString(), GoStrings.orEmpty(ref.uid()), "must not be empty"));
            }
            if (Boolean.TRUE.equals(ref.controller())) {
                String current = ref.kind() + "/" + ref.name();
                if (!firstController.isEmpty()) {
                    errs.add(FieldError.invalid(
                            path.toString(),
                            new GoValue("[]v1.OwnerReference{...}"),
                            "Only one reference can have Controller set to true. Found \"true\" in references for "
                                    + firstController + " and " + current));
                } else {
                    firstController = current;
                }
            }
        }
        return errs;
    }

    /** {@code ValidateFinalizers}: qualified names; orphan and foregroundDeletion exclude each other. */
    public static List<FieldError> validateFinalizers(List<String> finalizers, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (finalizers == null) {
            return errs;
        }
        for (String f : finalizers) {
            for (String msg : NameFormats.qualifiedName(f)) {
                errs.add(FieldError.invalid(path.toString(), f, msg));
            }
        }
        if (finalizers.contains("orphan") && finalizers.contains("foregroundDeletion")) {
            errs.add(FieldError.invalid(
                    path.toString(),
                    new GoValue(goStrings(finalizers)),
                    "finalizer orphan and foregroundDeletion cannot be both set"));
        }
        return errs;
    }

    /** Go's {@code %#v} of a {@code []string}. */
    public static String goStrings(List<String> values) {
        StringBuilder sb = new StringBuilder("[]string{");
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('"').append(values.get(i)).append('"');
        }
        return sb.append('}').toString();
    }

    private static String maskTrailingDash(String name) {
        return name.length() > 1 && name.endsWith("-") ? name.substring(0, name.length() - 1) + "a" : name;
    }

    private static int utf8Length(String s) {
        return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static boolean isEmpty(String s) {
        return s == null || s.isEmpty();
    }

    private static <T> List<T> nullToEmpty(List<T> l) {
        return l == null ? List.of() : l;
    }

    private static ObjectMeta emptyMeta() {
        return new ObjectMeta(null, null, null, null, null, null, 0, null, null, null, null, null, null, null, null);
    }
}
