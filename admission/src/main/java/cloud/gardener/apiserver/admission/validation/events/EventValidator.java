package cloud.gardener.apiserver.admission.validation.events;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.k8s.corev1.Event;
import cloud.gardener.apiserver.api.k8s.corev1.EventSeries;
import cloud.gardener.apiserver.api.k8s.corev1.EventSource;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.NameFormats;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * kube-apiserver's Event validation ({@code ValidateEventCreate}, {@code ValidateEventUpdate}) on the stored
 * (core/v1) form. Every Event passes the legacy rules: the involved object's namespace matches the event's, and
 * events with an {@code eventTime} name their reporting controller, instance, action and reason. Writes through
 * {@code events.k8s.io/v1} ({@code strict}) must also be new-style events (eventTime set, type Normal or Warning,
 * no core-only fields) and, on update, keep what happened unchanged.
 */
public final class EventValidator implements Validator<Event> {

    static final int REPORTING_INSTANCE_LENGTH_LIMIT = 128;
    static final int ACTION_LENGTH_LIMIT = 128;
    static final int REASON_LENGTH_LIMIT = 128;
    static final int NOTE_LENGTH_LIMIT = 1024;

    private final boolean strict;

    /** @param strict whether the write came through {@code events.k8s.io/v1} */
    public EventValidator(boolean strict) {
        this.strict = strict;
    }

    @Override
    public List<FieldError> validate(Event event) {
        List<FieldError> errs = new ArrayList<>(legacy(event));
        if (!strict) {
            return errs;
        }
        errs.addAll(series(event));
        if (isZero(event.eventTime())) {
            errs.add(FieldError.required("eventTime", ""));
        }
        if (!"Normal".equals(event.type()) && !"Warning".equals(event.type())) {
            errs.add(FieldError.invalid("type", "", "has invalid value: " + CoreRules.text(event.type())));
        }
        if (!isZero(event.firstTimestamp())) {
            errs.add(FieldError.invalid("firstTimestamp", "", "needs to be unset"));
        }
        if (!isZero(event.lastTimestamp())) {
            errs.add(FieldError.invalid("lastTimestamp", "", "needs to be unset"));
        }
        if (event.count() != 0) {
            errs.add(FieldError.invalid("count", "", "needs to be unset"));
        }
        EventSource source = event.source();
        if (source != null
                && (!CoreRules.text(source.component()).isEmpty()
                        || !CoreRules.text(source.host()).isEmpty())) {
            errs.add(FieldError.invalid("source", "", "needs to be unset"));
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(Event event, Event old) {
        List<FieldError> errs = new ArrayList<>(legacy(event));
        if (!strict) {
            return errs;
        }
        errs.addAll(immutable(goValue(event.involvedObject()), goValue(old.involvedObject()), "involvedObject"));
        errs.addAll(immutable(CoreRules.text(event.reason()), CoreRules.text(old.reason()), "reason"));
        errs.addAll(immutable(CoreRules.text(event.message()), CoreRules.text(old.message()), "message"));
        errs.addAll(immutable(goValue(event.source()), goValue(old.source()), "source"));
        errs.addAll(immutable(timeValue(event.firstTimestamp()), timeValue(old.firstTimestamp()), "firstTimestamp"));
        errs.addAll(immutable(timeValue(event.lastTimestamp()), timeValue(old.lastTimestamp()), "lastTimestamp"));
        errs.addAll(immutable(event.count(), old.count(), "count"));
        errs.addAll(immutable(CoreRules.text(event.type()), CoreRules.text(old.type()), "type"));
        if (!Objects.equals(micros(event.eventTime()), micros(old.eventTime()))) {
            errs.add(FieldError.invalid(
                    "eventTime", timeValue(event.eventTime()), ObjectMetaValidation.FIELD_IMMUTABLE));
        }
        errs.addAll(immutable(CoreRules.text(event.action()), CoreRules.text(old.action()), "action"));
        errs.addAll(immutable(goValue(event.related()), goValue(old.related()), "related"));
        errs.addAll(immutable(
                CoreRules.text(event.reportingComponent()),
                CoreRules.text(old.reportingComponent()),
                "reportingController"));
        errs.addAll(immutable(
                CoreRules.text(event.reportingInstance()),
                CoreRules.text(old.reportingInstance()),
                "reportingInstance"));
        errs.addAll(series(event));
        return errs;
    }

    /** {@code legacyValidateEvent}. */
    private List<FieldError> legacy(Event event) {
        List<FieldError> errs = new ArrayList<>();
        String namespace =
                event.metadata() == null ? "" : CoreRules.text(event.metadata().namespace());
        String involvedNamespace = event.involvedObject() == null
                ? ""
                : CoreRules.text(event.involvedObject().namespace());
        String reportingField = strict ? "reportingController" : "reportingComponent";
        FieldPath involvedPath = FieldPath.of("involvedObject").child("namespace");
        if (isZero(event.eventTime())) {
            boolean matches = involvedNamespace.isEmpty()
                    ? namespace.isEmpty() || "default".equals(namespace)
                    : namespace.equals(involvedNamespace);
            if (!matches) {
                errs.add(FieldError.invalid(
                        involvedPath.toString(), involvedNamespace, "does not match event.namespace"));
            }
        } else {
            if (involvedNamespace.isEmpty() && !"default".equals(namespace) && !"kube-system".equals(namespace)) {
                errs.add(FieldError.invalid(
                        involvedPath.toString(), involvedNamespace, "does not match event.namespace"));
            }
            String controller = CoreRules.text(event.reportingComponent());
            if (controller.isEmpty()) {
                errs.add(FieldError.required(reportingField, ""));
            }
            for (String msg : NameFormats.qualifiedName(controller)) {
                errs.add(FieldError.invalid(reportingField, controller, msg));
            }
            String instance = CoreRules.text(event.reportingInstance());
            if (instance.isEmpty()) {
                errs.add(FieldError.required("reportingInstance", ""));
            }
            if (instance.length() > REPORTING_INSTANCE_LENGTH_LIMIT) {
                errs.add(FieldError.invalid(
                        "reportingInstance",
                        "",
                        "can have at most " + REPORTING_INSTANCE_LENGTH_LIMIT + " characters"));
            }
            String action = CoreRules.text(event.action());
            if (action.isEmpty()) {
                errs.add(FieldError.required("action", ""));
            }
            if (action.length() > ACTION_LENGTH_LIMIT) {
                errs.add(FieldError.invalid("action", "", "can have at most " + ACTION_LENGTH_LIMIT + " characters"));
            }
            String reason = CoreRules.text(event.reason());
            if (reason.isEmpty()) {
                errs.add(FieldError.required("reason", ""));
            }
            if (reason.length() > REASON_LENGTH_LIMIT) {
                errs.add(FieldError.invalid("reason", "", "can have at most " + REASON_LENGTH_LIMIT + " characters"));
            }
            if (CoreRules.text(event.message()).length() > NOTE_LENGTH_LIMIT) {
                errs.add(FieldError.invalid("message", "", "can have at most " + NOTE_LENGTH_LIMIT + " characters"));
            }
        }
        for (String msg : NameFormats.dns1123Subdomain(namespace)) {
            errs.add(FieldError.invalid("namespace", namespace, msg));
        }
        return errs;
    }

    /** {@code validateV1EventSeries}. */
    private static List<FieldError> series(Event event) {
        EventSeries series = event.series();
        if (series == null) {
            return List.of();
        }
        List<FieldError> errs = new ArrayList<>();
        if (series.count() < 2) {
            errs.add(FieldError.invalid("series.count", "", "should be at least 2"));
        }
        if (isZero(series.lastObservedTime())) {
            errs.add(FieldError.required("series.lastObservedTime", ""));
        }
        return errs;
    }

    private static List<FieldError> immutable(Object value, Object old, String field) {
        return ObjectMetaValidation.immutable(value, old, FieldPath.of(field));
    }

    private static boolean isZero(MicroTime time) {
        return time == null || time.isZero();
    }

    private static boolean isZero(Time time) {
        return time == null || time.isZero();
    }

    /** Go compares eventTime to the microsecond on update (it is a MicroTime). */
    private static Long micros(MicroTime time) {
        if (isZero(time)) {
            return null;
        }
        java.time.Instant i = time.instant();
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1_000L;
    }

    /** A time as Go's {@code time.Time.String()} prints it in an error. */
    private static GoValue timeValue(Object time) {
        java.time.Instant instant = time instanceof Time t && !t.isZero()
                ? t.instant()
                : time instanceof MicroTime m && !m.isZero() ? m.instant() : null;
        if (instant == null) {
            return new GoValue("0001-01-01 00:00:00 +0000 UTC");
        }
        return new GoValue(java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss")
                        .withZone(java.time.ZoneOffset.UTC)
                        .format(instant)
                + " +0000 UTC");
    }

    /** A reference as Go prints the struct ({@code %#v}). */
    private static GoValue goValue(ObjectReference ref) {
        if (ref == null) {
            return GoValue.NULL;
        }
        return new GoValue("core.ObjectReference{Kind:" + quote(ref.kind()) + ", Namespace:" + quote(ref.namespace())
                + ", Name:" + quote(ref.name()) + ", UID:" + quote(ref.uid()) + ", APIVersion:"
                + quote(ref.apiVersion()) + ", ResourceVersion:" + quote(ref.resourceVersion()) + ", FieldPath:"
                + quote(ref.fieldPath()) + "}");
    }

    private static GoValue goValue(EventSource source) {
        String component = source == null ? "" : CoreRules.text(source.component());
        String host = source == null ? "" : CoreRules.text(source.host());
        return new GoValue("core.EventSource{Component:" + quote(component) + ", Host:" + quote(host) + "}");
    }

    private static String quote(String value) {
        return GoQuote.quote(CoreRules.text(value));
    }
}
