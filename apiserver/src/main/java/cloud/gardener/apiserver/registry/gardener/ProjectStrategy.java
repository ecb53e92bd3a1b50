package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Projects: the generation follows spec changes; the owner's member entry always carries the {@code owner} role
 * and no other member does. Roles are normalised as the v1beta1 conversion does ({@code role} first, never repeated in
 * {@code roles}).
 */
public final class ProjectStrategy extends GardenerStrategy {

    static final String OWNER = "owner";

    public ProjectStrategy() {
        super(true);
    }

    @Override
    protected void update(ObjectNode project, ObjectNode old) {
        if (!Trees.sameField(project, old, "spec")) {
            bumpGeneration(project, old);
        }
    }

    @Override
    public void canonicalize(ObjectNode project) {
        JsonNode owner = JsonTrees.at(project, "spec", "owner");
        for (JsonNode m : JsonTrees.at(project, "spec", "members")) {
            if (!(m instanceof ObjectNode member)) {
                continue;
            }
            List<String> roles = roles(member);
            if (JsonTrees.isSet(owner)) {
                if (isSubject(member, owner)) {
                    if (!roles.contains(OWNER)) {
                        roles.add(OWNER);
                    }
                } else {
                    roles.removeIf(OWNER::equals);
                }
            }
            member.put("role", roles.isEmpty() ? "" : roles.get(0));
            if (roles.size() > 1) {
                ArrayNode rest = member.putArray("roles");
                roles.subList(1, roles.size()).forEach(rest::add);
            } else {
                member.remove("roles");
            }
        }
    }

    /** The member's roles as the internal version holds them: {@code role} first, then the others. */
    private static List<String> roles(ObjectNode member) {
        List<String> roles = new ArrayList<>();
        member.path("roles").forEach(r -> roles.add(r.asText()));
        String role = JsonTrees.text(member, "role");
        if (!role.isEmpty()) {
            roles.removeIf(role::equals);
            roles.add(0, role);
        }
        return roles;
    }

    private static boolean isSubject(JsonNode member, JsonNode owner) {
        return JsonTrees.text(member, "name").equals(JsonTrees.text(owner, "name"))
                && JsonTrees.text(member, "apiGroup").equals(JsonTrees.text(owner, "apiGroup"))
                && JsonTrees.text(member, "kind").equals(JsonTrees.text(owner, "kind"));
    }
}
