package cloud.gardener.apiserver.authz.project;

import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The roles a user holds in a Project: those of every member entry whose subject is the user (by name, a group or
 * a service account), plus {@link #OWNER_SUBJECT} when {@code spec.owner} is the user.
 */
final class ProjectMembers {

    /** Not a member role: marks the subject named in {@code spec.owner}, who gets the project admin rules. */
    static final String OWNER_SUBJECT = "spec.owner";

    private ProjectMembers() {}

    static Set<String> roles(JsonNode project, UserInfo user) {
        Set<String> roles = new LinkedHashSet<>();
        JsonNode spec = project.path("spec");
        if (spec.hasNonNull("owner") && isSubject(spec.path("owner"), user)) {
            roles.add(OWNER_SUBJECT);
        }
        for (JsonNode member : spec.path("members")) {
            if (isSubject(member, user)) {
                if (member.hasNonNull("role")) {
                    roles.add(member.path("role").asText());
                }
                member.path("roles").forEach(role -> roles.add(role.asText()));
            }
        }
        return roles;
    }

    /** RBAC's subject matching: users by name, groups by membership, service accounts by their user name. */
    static boolean isSubject(JsonNode subject, UserInfo user) {
        String name = subject.path("name").asText();
        return switch (subject.path("kind").asText()) {
            case "User" -> name.equals(user.name());
            case "Group" -> user.isInGroup(name);
            case "ServiceAccount" ->
                ("system:serviceaccount:" + subject.path("namespace").asText() + ":" + name).equals(user.name());
            default -> false;
        };
    }
}
