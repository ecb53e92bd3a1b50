package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.resource.StandardResources;
import io.vertx.core.Future;
import java.util.List;

/**
 * Gardener's {@code Shoot...EnabledByDefault} plugins: a new Shoot with workers that says nothing about a component
 * ({@code spec.<section>.<field>} absent or null) gets {@code {"enabled": true}} there.
 */
public abstract class ShootComponentEnabledByDefault extends BasePlugin implements MutatingPlugin {

    private final String section;
    private final String field;
    /** Where the plugin writes a Shoot: its section (a spec made on the way). */
    private final Mutation written;

    protected ShootComponentEnabledByDefault(String name, String section, String field) {
        super(name, Operation.CREATE);
        this.section = section;
        this.field = field;
        this.written = Mutation.at(List.of(List.of("spec", section)));
    }

    @Override
    public final Future<Mutation> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot")
                || !RequestChecks.isMainResource(a)
                || ShootTrees.isWorkerless(a.object(Shoot.class))) {
            return Mutation.none();
        }
        // the field is written where the tree lacks it: the check belongs to the write
        if (a.object().path("spec").path(section).hasNonNull(field)) {
            return Mutation.none();
        }
        ShootTrees.object(a.object(), "spec", section).putObject(field).put("enabled", true);
        return written.answer();
    }
}
