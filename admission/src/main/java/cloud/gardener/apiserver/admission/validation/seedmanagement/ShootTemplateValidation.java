package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.admission.validation.core.ShootValidator;
import cloud.gardener.apiserver.api.core.v1beta1.Networking;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ShootTemplate;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Gardener's {@code ValidateShootTemplate} and {@code ValidateShootTemplateUpdate}, run through the Shoot
 * validator: the template becomes a Shoot in the garden namespace (where a ManagedSeedSet's shoots live, which
 * also admits the {@code infrastructure} purpose as Gardener's template mode does), and only the spec's errors
 * are kept, re-rooted under the template's path. Object metadata is checked here as a template's is: labels and
 * annotations only.
 */
final class ShootTemplateValidation {

    private static final String SPEC = "spec";
    private static final String HA_TYPE = "spec.controlPlane.highAvailability.failureTolerance.type";

    private final ShootValidator shoots = new ShootValidator();

    List<FieldError> validate(ShootTemplate template, FieldPath path) {
        ObjectMeta meta = template == null ? null : template.metadata();
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validateLabels(
                meta == null ? null : meta.labels(), path.child("metadata", "labels")));
        errs.addAll(ObjectMetaValidation.validateAnnotations(
                meta == null ? null : meta.annotations(), path.child("metadata", "annotations")));
        errs.addAll(specErrors(shoots.validate(asShoot(template)), path));
        return errs;
    }

    List<FieldError> validateUpdate(ShootTemplate template, ShootTemplate old, FieldPath path) {
        Shoot shoot = asShoot(template);
        // The update rules alone: the Shoot validator's update run minus its create run, without the
        // high-availability transition rules that only apply to real Shoots.
        List<FieldError> updateOnly = new ArrayList<>(shoots.validateUpdate(shoot, asShoot(old)));
        for (FieldError e : shoots.validate(shoot)) {
            updateOnly.remove(e);
        }
        updateOnly.removeIf(e -> HA_TYPE.equals(e.field()));
        List<FieldError> errs = new ArrayList<>(specErrors(updateOnly, path));
        Networking oldNetworking = spec(old).networking();
        if (oldNetworking != null && oldNetworking.nodes() != null) {
            Networking networking = spec(template).networking();
            FieldError nodes = ObjectMetaValidation.immutable(
                            networking == null ? null : networking.nodes(),
                            oldNetworking.nodes(),
                            path.child(SPEC, "networking", "nodes"))
                    .stream()
                    .findFirst()
                    .orElse(null);
            if (nodes != null && !errs.contains(nodes)) {
                errs.add(nodes);
            }
        }
        return errs;
    }

    private static List<FieldError> specErrors(List<FieldError> errs, FieldPath path) {
        List<FieldError> out = new ArrayList<>();
        for (FieldError e : errs) {
            String field = e.field() == null ? "" : e.field();
            if (field.equals(SPEC) || field.startsWith(SPEC + ".") || field.startsWith(SPEC + "[")) {
                out.add(new FieldError(e.type(), path + "." + field, e.badValue(), e.detail()));
            }
        }
        return out;
    }

    private static Shoot asShoot(ShootTemplate template) {
        ObjectMeta m = template == null ? null : template.metadata();
        ObjectMeta meta = m == null
                ? new ObjectMeta(
                        null, null, "garden", null, null, null, 0, null, null, null, null, null, null, null, null)
                : new ObjectMeta(
                        m.name(),
                        m.generateName(),
                        "garden",
                        m.selfLink(),
                        m.uid(),
                        m.resourceVersion(),
                        m.generation(),
                        m.creationTimestamp(),
                        m.deletionTimestamp(),
                        m.deletionGracePeriodSeconds(),
                        m.labels(),
                        m.annotations(),
                        m.ownerReferences(),
                        m.finalizers(),
                        m.managedFields());
        return new Shoot(new TypeMeta("Shoot", "core.gardener.cloud/v1beta1"), meta, spec(template), null);
    }

    private static ShootSpec spec(ShootTemplate template) {
        ShootSpec spec = template == null ? null : template.spec();
        return spec != null
                ? spec
                : ModelCodec.decode(JsonNodeFactory.instance.objectNode(), ShootSpec.class)
                        .value();
    }
}
