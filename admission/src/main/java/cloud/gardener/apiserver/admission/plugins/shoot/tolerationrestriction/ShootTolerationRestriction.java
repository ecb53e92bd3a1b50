package cloud.gardener.apiserver.admission.plugins.shoot.tolerationrestriction;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.TolerationTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Gardener's ShootTolerationRestriction: a new Shoot gets the Garden-wide and its project's default tolerations
 * (for keys it does not tolerate yet); every toleration a Shoot adds must be whitelisted Garden-wide or by its
 * project.
 */
public final class ShootTolerationRestriction extends BasePlugin implements MutatingPlugin, ValidatingPlugin {

    public static final String NAME = "ShootTolerationRestriction";
    private static final FieldPath TOLERATIONS = FieldPath.of("spec", "tolerations");

    private final ObjectLookup objects;
    private final TolerationRestrictionConfiguration config;

    public ShootTolerationRestriction(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.config = TolerationRestrictionConfiguration.from(context.configuration());
    }

    /** Where the plugin writes a Shoot: its tolerations (a spec made on the way). */
    private static final Mutation WRITTEN = Mutation.at(List.of(List.of("spec", "tolerations")));

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!isShoot(a) || a.operation() != Operation.CREATE) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        // the record as this plugin received the Shoot: read before any change of the tree
        List<Toleration> existing = tolerations(a.object(Shoot.class));
        return withProject(a, project -> {
            List<Toleration> defaults = new ArrayList<>(config.defaults());
            if (project.spec().tolerations() != null
                    && project.spec().tolerations().defaults() != null) {
                defaults.addAll(project.spec().tolerations().defaults());
            }
            // a Shoot without a spec gets an empty one
            boolean wrote = !(a.object().get("spec") instanceof ObjectNode);
            ObjectNode spec = a.object().withObjectProperty("spec");
            Set<String> existingKeys = new HashSet<>();
            existing.forEach(t -> existingKeys.add(t.key()));
            for (Toleration t : defaults) {
                if (!existingKeys.contains(t.key())) {
                    TolerationTrees.append(spec, t);
                    wrote = true;
                }
            }
            return WRITTEN.answer(wrote);
        });
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!isShoot(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        List<Toleration> toValidate = tolerations(a.object(Shoot.class));
        if (a.operation() == Operation.UPDATE && a.oldObject() != null) {
            // On update only the tolerations the request adds or changes must be allowed.
            Set<String> old = new HashSet<>();
            tolerations(a.oldObject(Shoot.class)).forEach(t -> old.add(CoreRules.idForKey(t.key(), t.value())));
            toValidate = toValidate.stream()
                    .filter(t -> !old.contains(CoreRules.idForKey(t.key(), t.value())))
                    .toList();
        }
        List<Toleration> checked = toValidate;
        // a create's admit found the Project already: the request's memo answers
        return withProject(a, project -> allowed(a, project, checked));
    }

    /** Whether the checked tolerations are on the Garden-wide or the project's allowlist; forbidden if not. */
    private Future<Void> allowed(Attributes a, Project project, List<Toleration> checked) {
        List<Toleration> allowlist = new ArrayList<>(config.whitelist());
        if (project.spec().tolerations() != null && project.spec().tolerations().whitelist() != null) {
            allowlist.addAll(project.spec().tolerations().whitelist());
        }
        List<FieldError> errs = CoreRules.tolerationsAllowed(checked, allowlist, TOLERATIONS);
        if (!errs.isEmpty()) {
            return Rejections.forbid(a, "error while validating tolerations against allowlist: " + errs);
        }
        return Future.succeededFuture();
    }

    private static boolean isShoot(Attributes a) {
        return RequestChecks.isKind(a, StandardResources.CORE, "Shoot") && a.object() != null;
    }

    /**
     * Runs {@code step} with the Shoot's project (looked up once per request); a namespace without one is forbidden as
     * Gardener words it.
     */
    private <T> Future<T> withProject(Attributes a, Function<Project, Future<T>> step) {
        return Projects.forNamespace(objects, a.memo(), a.namespace())
                .compose(project -> project.isEmpty()
                        ? Rejections.forbid(
                                a, "Internal error occurred: could not find referenced project: " + Projects.NOT_FOUND)
                        : step.apply(project.get()));
    }

    /** The Shoot's tolerations, a missing key read as "" (as the configuration's are). */
    private static List<Toleration> tolerations(Shoot shoot) {
        return shoot.spec() == null
                ? List.of()
                : CoreRules.list(shoot.spec().tolerations()).stream()
                        .map(t -> t.key() != null ? t : new Toleration("", t.value()))
                        .toList();
    }
}
