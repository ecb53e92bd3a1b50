package cloud.gardener.apiserver.authz.seed;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One or more rows per line of Gardener's SeedAuthorizer rules table, against {@link GraphFixture#garden()}. */
class SeedAuthorizerTest {

    static final UserInfo GARDENLET = UserInfo.of(
            "gardener.cloud:system:seed:seed-a", List.of("gardener.cloud:system:seeds", "system:authenticated"));
    static final UserInfo EXTENSION = UserInfo.of(
            "system:serviceaccount:seed-seed-a:extension-provider-local",
            List.of("system:serviceaccounts", "system:serviceaccounts:seed-seed-a", "system:authenticated"));

    private static final SeedAuthorizer AUTHORIZER = new SeedAuthorizer(GraphFixture.garden());

    private static final String CORE = "core.gardener.cloud";
    private static final String SM = "seedmanagement.gardener.cloud";

    /** A request row: who, what, and the expected verdict (reason checked when given). */
    record Row(
            String title,
            UserInfo user,
            String verb,
            String group,
            String resource,
            String subresource,
            String namespace,
            String name,
            String labelSelector,
            String fieldSelector,
            boolean allowed,
            String reason) {

        Attributes attributes() {
            return Attributes.forResource(user, verb, group, "v1", namespace, resource, subresource, name, "/x")
                    .withSelectors(labelSelector, fieldSelector);
        }

        Row reason(String expected) {
            return new Row(
                    title,
                    user,
                    verb,
                    group,
                    resource,
                    subresource,
                    namespace,
                    name,
                    labelSelector,
                    fieldSelector,
                    allowed,
                    expected);
        }

        Row as(UserInfo who) {
            return new Row(
                    title,
                    who,
                    verb,
                    group,
                    resource,
                    subresource,
                    namespace,
                    name,
                    labelSelector,
                    fieldSelector,
                    allowed,
                    reason);
        }

        Row sub(String newSubresource) {
            return new Row(
                    title,
                    user,
                    verb,
                    group,
                    resource,
                    newSubresource,
                    namespace,
                    name,
                    labelSelector,
                    fieldSelector,
                    allowed,
                    reason);
        }

        Row labels(String selector) {
            return new Row(
                    title,
                    user,
                    verb,
                    group,
                    resource,
                    subresource,
                    namespace,
                    name,
                    selector,
                    fieldSelector,
                    allowed,
                    reason);
        }

        Row fields(String selector) {
            return new Row(
                    title,
                    user,
                    verb,
                    group,
                    resource,
                    subresource,
                    namespace,
                    name,
                    labelSelector,
                    selector,
                    allowed,
                    reason);
        }

        @Override
        public String toString() {
            return title;
        }
    }

    private static Row allow(String verb, String group, String resource, String namespace, String name) {
        return new Row(
                "allow " + verb + " " + resource + " " + namespace + "/" + name,
                GARDENLET,
                verb,
                group,
                resource,
                "",
                namespace,
                name,
                "",
                "",
                true,
                null);
    }

    private static Row none(String verb, String group, String resource, String namespace, String name) {
        return new Row(
                "no opinion " + verb + " " + resource + " " + namespace + "/" + name,
                GARDENLET,
                verb,
                group,
                resource,
                "",
                namespace,
                name,
                "",
                "",
                false,
                null);
    }

    static Stream<Arguments> rows() {
        List<Row> rows = new ArrayList<>();
        // backupbuckets: create/get/list/watch always; update/patch/delete via graph; status, finalizers
        rows.add(allow("create", CORE, "backupbuckets", "", "anything"));
        rows.add(allow("get", CORE, "backupbuckets", "", "bb-b"));
        rows.add(allow("list", CORE, "backupbuckets", "", ""));
        rows.add(allow("watch", CORE, "backupbuckets", "", ""));
        rows.add(allow("update", CORE, "backupbuckets", "", "bb-a"));
        rows.add(allow("patch", CORE, "backupbuckets", "", "bb-a").sub("status"));
        rows.add(allow("update", CORE, "backupbuckets", "", "bb-a").sub("finalizers"));
        rows.add(none("update", CORE, "backupbuckets", "", "bb-b").reason("no relationship found"));
        rows.add(allow("delete", CORE, "backupbuckets", "", "bb-gone"));
        rows.add(none("delete", CORE, "backupbuckets", "", "bb-b"));
        rows.add(
                none("deletecollection", CORE, "backupbuckets", "", "")
                        .reason(
                                "only the following verbs are allowed for this resource type: [create delete get list patch update watch]"));
        rows.add(none("get", CORE, "backupbuckets", "", "bb-a")
                .sub("scale")
                .reason("only the following subresources are allowed for this resource type: [finalizers status]"));
        // backupentries
        rows.add(allow("create", CORE, "backupentries", "garden-dev", "x"));
        rows.add(allow("list", CORE, "backupentries", "", ""));
        rows.add(allow("patch", CORE, "backupentries", "garden-dev", "be-a").sub("status"));
        rows.add(none("delete", CORE, "backupentries", "garden-dev", "be-b"));
        rows.add(none("update", CORE, "backupentries", "garden-dev", "be-a").sub("finalizers"));
        // bastions: create always; get/list/watch/update/patch via graph; field selector spec.seedName
        rows.add(allow("create", "operations.gardener.cloud", "bastions", "garden-dev", "new"));
        rows.add(allow("get", "operations.gardener.cloud", "bastions", "garden-dev", "bastion-a"));
        rows.add(allow("patch", "operations.gardener.cloud", "bastions", "garden-dev", "bastion-a")
                .sub("status"));
        rows.add(none("get", "operations.gardener.cloud", "bastions", "garden-dev", "bastion-b"));
        rows.add(allow("list", "operations.gardener.cloud", "bastions", "", "").fields("spec.seedName=seed-a"));
        rows.add(none("watch", "operations.gardener.cloud", "bastions", "", "")
                .fields("spec.seedName=seed-b")
                .reason("must specify field or label selector for name seed-a"));
        rows.add(none("list", "operations.gardener.cloud", "bastions", "", ""));
        rows.add(none("delete", "operations.gardener.cloud", "bastions", "garden-dev", "bastion-a"));
        // certificatesigningrequests: create (gardenlet only), get/list/watch via graph, seedclient
        rows.add(allow("create", "certificates.k8s.io", "certificatesigningrequests", "", "csr-1"));
        rows.add(allow("create", "certificates.k8s.io", "certificatesigningrequests", "", "csr-1")
                .sub("seedclient"));
        rows.add(none("get", "certificates.k8s.io", "certificatesigningrequests", "", "csr-unrelated"));
        rows.add(none("create", "certificates.k8s.io", "certificatesigningrequests", "", "csr-1")
                .as(EXTENSION));
        rows.add(none("update", "certificates.k8s.io", "certificatesigningrequests", "", "csr-1"));
        // read-only via graph: cloudprofiles, namespacedcloudprofiles, controllerdeployments, credentialsbindings,
        // exposureclasses, namespaces, projects, secretbindings
        rows.add(allow("get", CORE, "namespacedcloudprofiles", "garden-dev", "custom"));
        rows.add(none("get", CORE, "cloudprofiles", "", "aws"));
        rows.add(none("update", CORE, "namespacedcloudprofiles", "garden-dev", "custom"));
        rows.add(allow("get", CORE, "controllerdeployments", "", "cd-a"));
        rows.add(none("get", CORE, "controllerdeployments", "", "cd-b"));
        rows.add(allow("get", "security.gardener.cloud", "credentialsbindings", "garden-dev", "cb-a"));
        rows.add(allow("get", CORE, "exposureclasses", "", "internet"));
        rows.add(allow("get", "", "namespaces", "garden-dev", "garden-dev"));
        rows.add(allow("get", "", "namespaces", "", "seed-seed-a"));
        rows.add(none("get", "", "namespaces", "", "seed-seed-b"));
        rows.add(allow("get", CORE, "projects", "", "dev"));
        rows.add(allow("get", CORE, "secretbindings", "garden-dev", "sb-a"));
        rows.add(none("get", CORE, "secretbindings", "garden-dev", "sb-b"));
        rows.add(none("list", CORE, "secretbindings", "garden-dev", "")
                .reason("must specify field or label selector for name seed-a"));
        rows.add(none("create", CORE, "projects", "", "p"));
        // clusterrolebindings: create always; get/patch/update via graph; own bootstrap binding deletable;
        // extensions: get only
        rows.add(allow("create", "rbac.authorization.k8s.io", "clusterrolebindings", "", "x"));
        rows.add(allow(
                "delete",
                "rbac.authorization.k8s.io",
                "clusterrolebindings",
                "",
                "gardener.cloud:system:seed-bootstrapper:garden:gardenlet-bootstrap-seed-a"));
        rows.add(none(
                "delete",
                "rbac.authorization.k8s.io",
                "clusterrolebindings",
                "",
                "gardener.cloud:system:seed-bootstrapper:garden:gardenlet-bootstrap-seed-b"));
        rows.add(none("get", "rbac.authorization.k8s.io", "clusterrolebindings", "", "unrelated"));
        rows.add(none("create", "rbac.authorization.k8s.io", "clusterrolebindings", "", "x")
                .as(EXTENSION));
        // configmaps: create always; get/patch/update/delete/list/watch via graph; gardener-info always readable
        rows.add(allow("create", "", "configmaps", "garden-dev", "x"));
        rows.add(allow("get", "", "configmaps", "gardener-system-public", "gardener-info"));
        rows.add(allow("get", "", "configmaps", "garden-dev", "shoot-a.ca-cluster"));
        rows.add(allow("get", "", "configmaps", "kube-system", "cluster-identity"));
        rows.add(none("get", "", "configmaps", "garden-dev", "shoot-b.ca-cluster"));
        rows.add(none("list", "", "configmaps", "garden-dev", ""));
        // controllerinstallations: get/list/watch/update/patch via graph; status; field selector spec.seedRef.name
        rows.add(allow("get", CORE, "controllerinstallations", "", "ci-a"));
        rows.add(allow("update", CORE, "controllerinstallations", "", "ci-a").sub("status"));
        rows.add(none("get", CORE, "controllerinstallations", "", "ci-b"));
        rows.add(allow("list", CORE, "controllerinstallations", "", "").fields("spec.seedRef.name=seed-a"));
        rows.add(none("create", CORE, "controllerinstallations", "", "ci-new"));
        // controllerregistrations: get/list/watch always
        rows.add(allow("get", CORE, "controllerregistrations", "", "anything"));
        rows.add(allow("list", CORE, "controllerregistrations", "", ""));
        rows.add(none("update", CORE, "controllerregistrations", "", "cr"));
        // events (core and events.k8s.io): create and patch, no subresource, no graph
        rows.add(allow("create", "", "events", "garden-dev", "e"));
        rows.add(allow("patch", "events.k8s.io", "events", "garden-dev", "e"));
        rows.add(none("get", "", "events", "garden-dev", "e")
                .reason("only the following verbs are allowed for this resource type: [create patch]"));
        rows.add(none("create", "", "events", "garden-dev", "e")
                .sub("status")
                .reason("only the following subresources are allowed for this resource type: []"));
        // internalsecrets: create always; others via graph
        rows.add(allow("create", CORE, "internalsecrets", "garden-dev", "x"));
        rows.add(allow("get", CORE, "internalsecrets", "garden-dev", "shoot-a.ca-client"));
        rows.add(none("get", CORE, "internalsecrets", "garden-dev", "shoot-b.ca-client"));
        // leases: create always; get/update/patch/list/watch via graph; extensions: anything in seed-<seed>
        rows.add(allow("create", "coordination.k8s.io", "leases", "gardener-system-seed-lease", "seed-a"));
        rows.add(allow("update", "coordination.k8s.io", "leases", "gardener-system-seed-lease", "seed-a"));
        rows.add(none("update", "coordination.k8s.io", "leases", "gardener-system-seed-lease", "seed-b"));
        rows.add(allow("delete", "coordination.k8s.io", "leases", "seed-seed-a", "ext-leader")
                .as(EXTENSION));
        rows.add(none("get", "coordination.k8s.io", "leases", "garden", "x")
                .as(EXTENSION)
                .reason("lease object is not in seed namespace"));
        // gardenlets: create always; namespace garden only; status; field selector metadata.name
        rows.add(allow("create", SM, "gardenlets", "garden", "seed-a"));
        rows.add(allow("get", SM, "gardenlets", "garden", "seed-a"));
        rows.add(allow("patch", SM, "gardenlets", "garden", "seed-a").sub("status"));
        rows.add(none("get", SM, "gardenlets", "other", "seed-a")
                .reason("only the following namespaces are allowed for this resource type: [garden]"));
        rows.add(allow("list", SM, "gardenlets", "garden", "").fields("metadata.name=seed-a"));
        rows.add(allow("watch", SM, "gardenlets", "garden", "seed-a").fields("metadata.name=seed-a"));
        rows.add(none("list", SM, "gardenlets", "garden", "").fields("metadata.name=seed-b"));
        // managedseeds: get/list/watch/update/patch via graph; status; label selector
        rows.add(allow("get", SM, "managedseeds", "garden", "ms-a"));
        rows.add(allow("update", SM, "managedseeds", "garden", "ms-a").sub("status"));
        rows.add(none("get", SM, "managedseeds", "garden", "ms-unknown"));
        rows.add(allow("list", SM, "managedseeds", "garden", "").labels("name.seed.gardener.cloud/seed-a=true"));
        rows.add(none("list", SM, "managedseeds", "garden", "").labels("name.seed.gardener.cloud/seed-b=true"));
        rows.add(none("create", SM, "managedseeds", "garden", "ms-new"));
        // secrets: create always; get/patch/update/delete via graph; seed namespace readable; own bootstrap token
        rows.add(allow("create", "", "secrets", "garden-dev", "x"));
        rows.add(allow("get", "", "secrets", "garden-dev", "secret-a"));
        rows.add(none("get", "", "secrets", "garden-dev", "secret-b"));
        rows.add(allow("list", "", "secrets", "seed-seed-a", ""));
        rows.add(allow("watch", "", "secrets", "seed-seed-a", ""));
        rows.add(none("list", "", "secrets", "seed-seed-b", ""));
        rows.add(allow("delete", "", "secrets", "kube-system", "bootstrap-token-c75b92"));
        rows.add(allow("get", "", "secrets", "kube-system", "bootstrap-token-7ecd07"));
        rows.add(none("update", "", "secrets", "kube-system", "bootstrap-token-abcdef"));
        // workloadidentities: get/list/watch/create/patch via graph; token
        rows.add(allow("get", "security.gardener.cloud", "workloadidentities", "garden-dev", "wi-a"));
        rows.add(allow("create", "security.gardener.cloud", "workloadidentities", "garden-dev", "wi-a")
                .sub("token"));
        rows.add(none("create", "security.gardener.cloud", "workloadidentities", "garden-dev", "wi-x")
                .sub("token"));
        rows.add(none("update", "security.gardener.cloud", "workloadidentities", "garden-dev", "wi-a"));
        // seeds: create always; others via graph; status; label selector
        rows.add(allow("create", CORE, "seeds", "", "seed-a"));
        rows.add(allow("get", CORE, "seeds", "", "seed-a"));
        rows.add(allow("update", CORE, "seeds", "", "seed-a").sub("status"));
        rows.add(none("get", CORE, "seeds", "", "seed-b"));
        rows.add(allow("list", CORE, "seeds", "", "").labels("name.seed.gardener.cloud/seed-a=true"));
        rows.add(none("list", CORE, "seeds", "", ""));
        rows.add(allow("delete", CORE, "seeds", "", "seed-a"));
        // serviceaccounts: create always; get/patch/update via graph; all verbs in seed-<seed>; own bootstrap SA;
        // extensions: get only
        rows.add(allow("create", "", "serviceaccounts", "garden", "x"));
        rows.add(allow("deletecollection", "", "serviceaccounts", "seed-seed-a", ""));
        rows.add(allow("delete", "", "serviceaccounts", "garden", "gardenlet-bootstrap-seed-a"));
        rows.add(none("delete", "", "serviceaccounts", "garden", "gardenlet-bootstrap-seed-b"));
        rows.add(none("get", "", "serviceaccounts", "garden", "unrelated"));
        rows.add(none("create", "", "serviceaccounts", "seed-seed-a", "x").as(EXTENSION));
        // shoots: get/list/watch/update/patch via graph; status, finalizers; label selector; garden/<seed>
        rows.add(allow("get", CORE, "shoots", "garden-dev", "shoot-a"));
        rows.add(allow("update", CORE, "shoots", "garden-dev", "shoot-a"));
        rows.add(allow("patch", CORE, "shoots", "garden-dev", "shoot-a").sub("status"));
        rows.add(allow("update", CORE, "shoots", "garden-dev", "shoot-a").sub("finalizers"));
        rows.add(none("get", CORE, "shoots", "garden-dev", "shoot-b").reason("no relationship found"));
        rows.add(none("create", CORE, "shoots", "garden-dev", "shoot-c"));
        rows.add(none("delete", CORE, "shoots", "garden-dev", "shoot-a"));
        rows.add(none("create", CORE, "shoots", "garden-dev", "shoot-a").sub("adminkubeconfig"));
        rows.add(allow("get", CORE, "shoots", "garden", "seed-a"));
        rows.add(allow("list", CORE, "shoots", "", "").labels("name.seed.gardener.cloud/seed-a=true"));
        rows.add(allow("watch", CORE, "shoots", "", "").labels("name.seed.gardener.cloud/seed-a in (true)"));
        rows.add(none("list", CORE, "shoots", "", "").labels("name.seed.gardener.cloud/seed-b=true"));
        // shootstates: create always; the rest via graph
        rows.add(allow("create", CORE, "shootstates", "garden-dev", "shoot-x"));
        rows.add(allow("get", CORE, "shootstates", "garden-dev", "shoot-a"));
        rows.add(none("delete", CORE, "shootstates", "garden-dev", "shoot-b"));
        // not handled: no opinion
        rows.add(none("get", CORE, "quotas", "garden-dev", "q"));
        return rows.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void decides(Row row) {
        Decision decision = AUTHORIZER.authorize(row.attributes()).result();

        assertThat(decision.verdict()).isEqualTo(row.allowed() ? Decision.Verdict.ALLOW : Decision.Verdict.NO_OPINION);
        if (row.reason() != null) {
            assertThat(decision.reason()).isEqualTo(row.reason());
        }
    }

    @Test
    void usersThatAreNotSeedClientsGetNoOpinion() {
        UserInfo alice = UserInfo.of("alice", List.of("system:authenticated"));
        Attributes attributes =
                Attributes.forResource(alice, "get", CORE, "v1beta1", "garden-dev", "shoots", "", "shoot-a", "/x");

        assertThat(AUTHORIZER.authorize(attributes).result()).isEqualTo(Decision.noOpinion());
    }

    @Test
    void nonResourceRequestsGetNoOpinion() {
        assertThat(AUTHORIZER
                        .authorize(Attributes.forPath(GARDENLET, "get", "/healthz"))
                        .result())
                .isEqualTo(Decision.noOpinion());
    }

    @Test
    void nothingIsAllowedUntilTheGraphIsSynced() {
        Graph graph = new Graph();
        graph.upsert(
                GraphResources.SHOOTS,
                GraphFixture.json(
                        "{'metadata':{'namespace':'garden-dev','name':'shoot-a'},'spec':{'seedName':'seed-a'}}"));
        SeedAuthorizer authorizer = new SeedAuthorizer(graph);
        Attributes create =
                Attributes.forResource(GARDENLET, "create", CORE, "v1beta1", "", "backupbuckets", "", "b", "/x");

        assertThat(authorizer.authorize(create).result()).isEqualTo(Decision.noOpinion());
        GraphResources.ALL.forEach(resource -> graph.replace(resource, List.of()));
        assertThat(authorizer.authorize(create).result().isAllowed()).isTrue();
    }

    @Test
    void withoutSelectorSupportListsOfSelectorGuardedResourcesAreAllowed() {
        SeedAuthorizer legacy = new SeedAuthorizer(GraphFixture.garden(), false);
        Attributes listShoots = Attributes.forResource(GARDENLET, "list", CORE, "v1beta1", "", "shoots", "", "", "/x");
        Attributes listSecretBindings = Attributes.forResource(
                GARDENLET, "list", CORE, "v1beta1", "garden-dev", "secretbindings", "", "", "/x");

        assertThat(legacy.authorize(listShoots).result().isAllowed()).isTrue();
        assertThat(legacy.authorize(listSecretBindings).result()).isEqualTo(Decision.noOpinion("No Object name found"));
    }
}
