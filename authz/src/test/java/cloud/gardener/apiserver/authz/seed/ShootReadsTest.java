package cloud.gardener.apiserver.authz.seed;

import static cloud.gardener.apiserver.authz.seed.GraphFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.selection.SelectableView;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The graph is fed a Shoot's {@link GraphResources#reads} alone: a Shoot read through that view has the edges of the
 * whole Shoot, for Shoots that reference everything a Shoot's edges name.
 */
class ShootReadsTest {

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

    static List<ObjectNode> shoots() {
        return List.of(
                json("{'metadata':{'namespace':'garden-dev','name':'plain'},'spec':{'cloudProfileName':'aws',"
                        + "'secretBindingName':'sb-b','provider':{'type':'aws','workers':[{'name':'w'}]}},"
                        + "'status':{'seedName':'seed-b','lastOperation':{'type':'Create'}}}"),
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
    }

    @ParameterizedTest
    @MethodSource("shoots")
    void aShootReadThroughTheViewHasTheEdgesOfTheWholeShoot(ObjectNode shoot) {
        ObjectNode viewed =
                SelectableView.of(GraphResources.reads(GraphResources.SHOOTS)).read(Json.toBytes(shoot));
        Instant now = Instant.parse("2026-11-28T13:00:00Z");

        assertThat(ObjectEdges.of(GraphResources.SHOOTS, viewed, CONTEXT, now))
                .isNotEmpty()
                .isEqualTo(ObjectEdges.of(GraphResources.SHOOTS, shoot, CONTEXT, now));
        assertThat(viewed.path("spec").has("provider")).isFalse();
        assertThat(ObjectEdges.hasManagedIssuer(viewed)).isEqualTo(ObjectEdges.hasManagedIssuer(shoot));
    }
}
