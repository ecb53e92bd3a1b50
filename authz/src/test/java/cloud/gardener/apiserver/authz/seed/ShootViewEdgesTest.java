package cloud.gardener.apiserver.authz.seed;

import static cloud.gardener.apiserver.authz.seed.GraphFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.selection.SelectableView;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The seed graph reads Shoots through {@link Graph#view}: exactly the paths their edges come from. */
class ShootViewEdgesTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final ObjectEdges.Context CONTEXT = new ObjectEdges.Context() {
        @Override
        public Optional<ObjectNode> seed(String name) {
            return Optional.empty();
        }

        @Override
        public String projectOf(String namespace) {
            return "dev";
        }
    };

    /** Every edge-bearing field set (to distinct targets), among fields the graph does not read. */
    private static final ObjectNode NAMESPACED_PROFILE_SHOOT = json("{'apiVersion':'core.gardener.cloud/v1beta1',"
            + "'kind':'Shoot','metadata':{'namespace':'garden-dev','name':'shoot-a','uid':'u-1',"
            + "'labels':{'a':'b'},'annotations':{'authentication.gardener.cloud/issuer':'managed'}},"
            + "'spec':{'secretBindingName':'sb','credentialsBindingName':'cb',"
            + "'cloudProfile':{'kind':'NamespacedCloudProfile','name':'ncp'},'cloudProfileName':'ignored-by-then',"
            + "'seedName':'seed-a','exposureClassName':'ec','region':'local','provider':{'type':'local',"
            + "'workers':[{'name':'w','machine':{'type':'m'}}]},"
            + "'kubernetes':{'version':'1.31.1','kubeAPIServer':{'enableAnonymousAuthentication':false,"
            + "'auditConfig':{'auditPolicy':{'configMapRef':{'name':'audit'}}},"
            + "'structuredAuthentication':{'configMapName':'authn'},"
            + "'structuredAuthorization':{'configMapName':'authz','kubeconfigs':[{'secretName':'kc'}]}}},"
            + "'dns':{'domain':'x.example.com','providers':[{'type':'aws-route53',"
            + "'credentialsRef':{'apiVersion':'v1','kind':'Secret','name':'dns'}}]},"
            + "'resources':[{'name':'r1','resourceRef':{'apiVersion':'v1','kind':'ConfigMap','name':'cm'}},"
            + "{'name':'r2','resourceRef':{'apiVersion':'security.gardener.cloud/v1alpha1',"
            + "'kind':'WorkloadIdentity','name':'wi'}}]},"
            + "'status':{'seedName':'seed-b','technicalID':'shoot--dev--shoot-a','conditions':[]}}");

    private static final ObjectNode PROFILE_NAME_SHOOT = json("{'metadata':{'namespace':'garden-dev','name':'s'},"
            + "'spec':{'cloudProfileName':'aws','seedName':'seed-a'},'status':{'seedName':'seed-a'}}");

    /** Two references of every list kind; a Shoot whose optional sections are null. */
    private static final List<ObjectNode> MORE_SHOOTS = List.of(
            json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Shoot',"
                    + "'metadata':{'namespace':'garden-dev','name':'everything','uid':'u-1',"
                    + "'labels':{'a':'b'},'annotations':{'authentication.gardener.cloud/issuer':'managed'}},"
                    + "'spec':{'seedName':'seed-a','secretBindingName':'sb-a','credentialsBindingName':'cb-a',"
                    + "'cloudProfile':{'kind':'NamespacedCloudProfile','name':'custom'},"
                    + "'exposureClassName':'internet','region':'eu',"
                    + "'dns':{'domain':'x.example.com','providers':[{'type':'aws-route53','credentialsRef':"
                    + "{'apiVersion':'v1','kind':'Secret','name':'dns'}},{'type':'x','credentialsRef':"
                    + "{'apiVersion':'security.gardener.cloud/v1alpha1','kind':'WorkloadIdentity',"
                    + "'namespace':'other','name':'wi'}}]},"
                    + "'kubernetes':{'version':'1.31.1','kubeAPIServer':{"
                    + "'auditConfig':{'auditPolicy':{'configMapRef':{'name':'audit'}}},"
                    + "'structuredAuthentication':{'configMapName':'authn'},"
                    + "'structuredAuthorization':{'configMapName':'authz','kubeconfigs':"
                    + "[{'authorizerName':'a','secretName':'kc-a'},{'authorizerName':'b','secretName':'kc-b'}]}}},"
                    + "'resources':[{'name':'r1','resourceRef':{'apiVersion':'v1','kind':'Secret','name':'s'}},"
                    + "{'name':'r2','resourceRef':{'apiVersion':'v1','kind':'ConfigMap','name':'c'}},"
                    + "{'name':'r3','resourceRef':{'apiVersion':'security.gardener.cloud/v1alpha1',"
                    + "'kind':'WorkloadIdentity','name':'w'}}]},"
                    + "'status':{'seedName':'seed-b'}}"),
            json("{'metadata':{'namespace':'garden-dev','name':'nulls','annotations':null},"
                    + "'spec':{'kubernetes':null,'dns':{'providers':null},'resources':null,'cloudProfile':null}}"));

    private static Set<Edge> edges(ObjectNode shoot) {
        return ObjectEdges.of(GraphResources.SHOOTS, shoot, CONTEXT, NOW);
    }

    private static Set<Edge> edgesThrough(SelectableView view, ObjectNode shoot) {
        return edges(view.read(Json.toBytes(shoot)));
    }

    @Test
    void aShootReadThroughTheViewHasTheEdgesOfTheWholeShoot() {
        SelectableView view = Graph.view(GraphResources.SHOOTS).orElseThrow();
        List<ObjectNode> shoots = new ArrayList<>(List.of(NAMESPACED_PROFILE_SHOOT, PROFILE_NAME_SHOOT));
        shoots.addAll(MORE_SHOOTS);
        for (ObjectNode shoot : shoots) {
            ObjectNode viewed = view.read(Json.toBytes(shoot));
            assertThat(edges(viewed)).isEqualTo(edges(shoot)).isNotEmpty();
            assertThat(ObjectEdges.hasManagedIssuer(viewed)).isEqualTo(ObjectEdges.hasManagedIssuer(shoot));
            assertThat(viewed.path("spec").has("provider")).isFalse();
        }
    }

    @Test
    void everyPathOfTheViewIsReadForSomeEdge() {
        for (String path : ObjectEdges.SHOOT_PATHS) {
            List<String> without = new ArrayList<>(ObjectEdges.SHOOT_PATHS);
            without.remove(path);
            SelectableView narrower = SelectableView.of(without);
            boolean changed = false;
            for (ObjectNode shoot : List.of(NAMESPACED_PROFILE_SHOOT, PROFILE_NAME_SHOOT)) {
                changed |= !edgesThrough(narrower, shoot).equals(edges(shoot));
            }
            assertThat(changed).as("edges without " + path).isTrue();
        }
    }

    @Test
    void otherResourcesAreReadWhole() {
        assertThat(Graph.view(GraphResources.SEEDS)).isEmpty();
        assertThat(Graph.view(GraphResources.MANAGED_SEEDS)).isEmpty();
    }
}
