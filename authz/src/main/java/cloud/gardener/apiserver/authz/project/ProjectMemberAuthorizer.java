package cloud.gardener.apiserver.authz.project;

import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.Decision;
import cloud.gardener.apiserver.authz.NonResourceRule;
import cloud.gardener.apiserver.authz.RuleSet;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Standalone authorization for Gardener's users: with no kube-apiserver to hold RBAC, the bindings Gardener's
 * project controller would create are computed from the Projects themselves. Members with role admin or owner get
 * the project-member rules in the project's namespace, viewers the read-only viewer rules (never secrets), the owner
 * and user-access managers the rules on the Project object; every authenticated user may read the global
 * resources, the discovery paths and ask about themselves (kube-apiserver's default {@code system:discovery} and
 * {@code system:basic-user}). Anything else has no opinion, so the chain ends in a denial.
 */
public final class ProjectMemberAuthorizer implements Authorizer {

    /** Where Projects are looked up; answers from a cache, never blocking. */
    public interface Projects {

        /** The Project whose {@code spec.namespace} is {@code namespace}. */
        Optional<JsonNode> inNamespace(String namespace);

        /** The Project called {@code name}. */
        Optional<JsonNode> named(String name);

        /** Every Project. */
        List<JsonNode> all();
    }

    private static final Future<Decision> ALLOW = Future.succeededFuture(Decision.allow());
    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    private final Projects projects;

    public ProjectMemberAuthorizer(Projects projects) {
        this.projects = projects;
    }

    @Override
    public Future<Decision> authorize(Attributes a) {
        if (!a.user().isInGroup(UserInfo.ALL_AUTHENTICATED)) {
            return NO_OPINION;
        }
        if (!a.resourceRequest()) {
            return allows(ProjectRoles.DISCOVERY, a) ? ALLOW : NO_OPINION;
        }
        for (PolicyRule rule : rules(a)) {
            if (rule.matches(a)) {
                return ALLOW;
            }
        }
        return NO_OPINION;
    }

    private List<PolicyRule> rules(Attributes a) {
        List<PolicyRule> rules = new ArrayList<>(ProjectRoles.AUTHENTICATED);
        rules.addAll(ProjectRoles.authenticatedIn(a.namespace()));
        if (a.apiGroup().isEmpty() && "namespaces".equals(a.resource())) {
            // a namespace's own requests carry it as their namespace too (RequestInfo's rule)
            if (!a.name().isEmpty()) {
                projects.inNamespace(a.name())
                        .ifPresent(project -> rules.addAll(ProjectRoles.onProject(
                                project.path("metadata").path("name").asText(),
                                a.name(),
                                ProjectMembers.roles(project, a.user()))));
            }
        } else if (!a.namespace().isEmpty()) {
            projects.inNamespace(a.namespace()).ifPresent(project -> {
                rules.addAll(inProjectNamespace(ProjectMembers.roles(project, a.user())));
            });
        } else if (!a.name().isEmpty()
                && StandardResources.CORE.equals(a.apiGroup())
                && "projects".equals(a.resource())) {
            projects.named(a.name())
                    .ifPresent(project -> rules.addAll(ProjectRoles.onProject(
                            a.name(),
                            project.path("spec").path("namespace").asText(),
                            ProjectMembers.roles(project, a.user()))));
        }
        return rules;
    }

    /** RBAC's non-resource matching: the verb, and the path exactly or by a prefix ending in {@code *}. */
    private static boolean allows(NonResourceRule rule, Attributes a) {
        if (!rule.verbs().contains(a.verb()) && !rule.verbs().contains("*")) {
            return false;
        }
        for (String url : rule.nonResourceURLs()) {
            if (url.equals(a.path())
                    || (url.endsWith("*") && a.path().startsWith(url.substring(0, url.length() - 1)))) {
                return true;
            }
        }
        return false;
    }

    /** The rules of a member with {@code roles} in the project's namespace. */
    private static List<PolicyRule> inProjectNamespace(Set<String> roles) {
        List<PolicyRule> rules = new ArrayList<>();
        if (roles.contains("admin") || roles.contains("owner")) {
            rules.addAll(ProjectRoles.MEMBER);
        }
        if (roles.contains("viewer")) {
            rules.addAll(ProjectRoles.VIEWER);
        }
        if (roles.contains(ProjectMembers.OWNER_SUBJECT)
                || roles.contains("owner")
                || roles.contains("serviceaccountmanager")) {
            rules.addAll(ProjectRoles.SERVICE_ACCOUNT_MANAGER);
        }
        return rules;
    }

    /**
     * The same rules {@link #authorize} decides by, as RBAC would list them: the reads every authenticated user
     * has, the cluster-wide rules on each Project the user belongs to (and its namespace), and, when
     * {@code namespace} is a project's, the member's rules there.
     */
    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        if (!user.isInGroup(UserInfo.ALL_AUTHENTICATED)) {
            return Future.succeededFuture(RuleSet.none());
        }
        List<PolicyRule> rules = new ArrayList<>(ProjectRoles.AUTHENTICATED);
        rules.addAll(ProjectRoles.authenticatedIn(namespace));
        for (JsonNode project : projects.all()) {
            Set<String> roles = ProjectMembers.roles(project, user);
            if (roles.isEmpty()) {
                continue;
            }
            String projectNamespace = project.path("spec").path("namespace").asText();
            rules.addAll(
                    ProjectRoles.onProject(project.path("metadata").path("name").asText(), projectNamespace, roles));
            if (!namespace.isEmpty() && namespace.equals(projectNamespace)) {
                rules.addAll(inProjectNamespace(roles));
            }
        }
        return Future.succeededFuture(
                RuleSet.of(rules.stream().map(PolicyRule::toResourceRule).toList(), List.of(ProjectRoles.DISCOVERY)));
    }
}
