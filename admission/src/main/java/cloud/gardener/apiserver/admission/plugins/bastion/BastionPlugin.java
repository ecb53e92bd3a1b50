package cloud.gardener.apiserver.admission.plugins.bastion;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.OwnerReference;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.operations.v1alpha1.Bastion;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/**
 * Gardener's Bastion plugin (plugin/pkg/bastion/validator): a Bastion needs an existing Shoot in its
 * namespace that is scheduled, not being deleted (on create) and allows SSH; the Bastion then takes the
 * Shoot's seed and provider type, its creator (on create) and a controller reference to the Shoot, so it is
 * garbage-collected with it. Status and other subresources pass untouched.
 */
public final class BastionPlugin extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "Bastion";
    static final String CREATED_BY = "gardener.cloud/created-by";
    private static final String BASTION_GROUP = StandardResources.OPERATIONS;
    private static final GroupResource SHOOTS = Kinds.SHOOT.groupResource();
    private static final String SHOOT_PATH = "spec.shootRef.name";

    private final ObjectLookup objects;

    public BastionPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!BASTION_GROUP.equals(a.kind().group())
                || !"Bastion".equals(a.kind().kind())
                || !a.subresource().isEmpty()) {
            return Mutation.none();
        }
        // the record is read before the tree is written below
        Bastion record = a.object(Bastion.class);
        ObjectMeta metadata = record.metadata();
        String name = metadata == null ? "" : CoreRules.text(metadata.name());
        String shootName = record.spec() == null || record.spec().shootRef() == null
                ? ""
                : CoreRules.text(record.spec().shootRef().name());
        boolean bastionDeleting = metadata != null && metadata.deletionTimestamp() != null;
        List<OwnerReference> ownerReferences =
                metadata == null ? List.of() : CoreRules.list(metadata.ownerReferences());
        if (shootName.isEmpty()) {
            return invalid(a, name, FieldError.required(SHOOT_PATH, "shoot is required"));
        }
        return objects.get(Shoot.class, SHOOTS, a.namespace(), shootName).compose(found -> {
            if (found.isEmpty()) {
                return invalid(
                        a,
                        name,
                        FieldError.invalid(
                                SHOOT_PATH, shootName, "shoot " + a.namespace() + "/" + shootName + " not found"));
            }
            Shoot shoot = found.get();
            if (a.operation() == Operation.CREATE && shoot.metadata().deletionTimestamp() != null) {
                return invalid(a, name, FieldError.invalid(SHOOT_PATH, shootName, "shoot is in deletion"));
            }
            String seedName = shoot.spec().seedName();
            if (seedName == null || seedName.isEmpty()) {
                return invalid(
                        a, name, FieldError.invalid(SHOOT_PATH, shootName, "shoot is not yet assigned to a seed"));
            }
            if (!bastionDeleting && !enablesSshAccess(shoot)) {
                return invalid(
                        a, name, FieldError.invalid(SHOOT_PATH, shootName, "ssh access is disabled for worker nodes"));
            }
            ObjectNode bastion = a.object();
            ObjectNode spec = bastion.withObjectProperty("spec");
            spec.put("seedName", seedName);
            spec.put(
                    "providerType",
                    shoot.spec().provider() == null
                            ? ""
                            : shoot.spec().provider().type());
            ObjectNode meta = bastion.withObjectProperty("metadata");
            if (a.operation() == Operation.CREATE && a.user() != null) {
                meta.withObjectProperty("annotations").put(CREATED_BY, a.user().name());
            }
            addControllerReference(meta, ownerReferences, shoot);
            return Mutation.wrote();
        });
    }

    /** Gardener's ShootEnablesSSHAccess: workers exist and SSH is not switched off for them. */
    private static boolean enablesSshAccess(Shoot shoot) {
        var provider = shoot.spec().provider();
        if (provider == null || provider.workers() == null || provider.workers().isEmpty()) {
            return false;
        }
        return provider.workersSettings() == null
                || provider.workersSettings().sshAccess() == null
                || provider.workersSettings().sshAccess().enabled();
    }

    /** MergeOwnerReferences: the Shoot's controller reference is added unless one with its UID exists. */
    private static void addControllerReference(ObjectNode meta, List<OwnerReference> existing, Shoot shoot) {
        String uid = shoot.metadata().uid();
        for (OwnerReference ref : existing) {
            if (uid.equals(CoreRules.text(ref.uid()))) {
                return;
            }
        }
        ArrayNode refs =
                meta.get("ownerReferences") instanceof ArrayNode array ? array : meta.putArray("ownerReferences");
        ObjectNode ref = refs.addObject();
        ref.put("apiVersion", "core.gardener.cloud/v1beta1");
        ref.put("kind", "Shoot");
        ref.put("name", shoot.metadata().name());
        ref.put("uid", uid);
        ref.put("controller", true);
        ref.put("blockOwnerDeletion", true);
    }

    private static <T> Future<T> invalid(Attributes a, String name, FieldError error) {
        return Future.failedFuture(ApiException.invalid(
                new GroupVersionKind(BASTION_GROUP, a.kind().version(), "Bastion"), name, List.of(error)));
    }
}
