package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.array;
import static cloud.gardener.apiserver.api.defaults.JsonTree.empty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.text;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's Project defaulting (core v1beta1 {@code SetObjectDefaults_Project}): the owner's and members' RBAC
 * subjects get their API group, members without a role become viewers, and the project of the {@code garden}
 * namespace tolerates (and by default adds to its shoots) the {@code protected} seed taint.
 */
public final class ProjectDefaults implements Defaulter {

    static final String RBAC_GROUP = "rbac.authorization.k8s.io";

    @Override
    public void apply(ObjectNode project) {
        ObjectNode spec = object(project, "spec");
        existing(spec, "owner").ifPresent(ProjectDefaults::setSubjectDefaults);
        if (Tolerations.GARDEN_NAMESPACE.equals(text(spec, "namespace"))) {
            ObjectNode tolerations = object(spec, "tolerations");
            Tolerations.addKeyOnly(array(tolerations, "whitelist"), Tolerations.SEED_TAINT_PROTECTED);
            Tolerations.addKeyOnly(array(tolerations, "defaults"), Tolerations.SEED_TAINT_PROTECTED);
        }
        for (ObjectNode member : objects(spec, "members")) {
            setSubjectDefaults(member); // the member's subject is inlined
            if (empty(member, "role") && empty(member, "roles")) {
                member.put("role", "viewer");
            }
        }
    }

    /** Users and groups are RBAC subjects; service accounts live in the core group (""). */
    static void setSubjectDefaults(ObjectNode subject) {
        if (empty(subject, "apiGroup")) {
            String kind = text(subject, "kind");
            if (kind.equals("User") || kind.equals("Group")) {
                subject.put("apiGroup", RBAC_GROUP);
            }
        }
    }
}
