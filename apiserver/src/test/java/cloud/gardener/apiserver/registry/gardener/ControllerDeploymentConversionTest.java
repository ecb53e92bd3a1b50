package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.registry.gardener.StrategyCase.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class ControllerDeploymentConversionTest {

    private final ControllerDeploymentConversion conversion = new ControllerDeploymentConversion();

    private static final String BETA =
            "{'apiVersion':'core.gardener.cloud/v1beta1','kind':'ControllerDeployment'," + "'metadata':{'name':'d'},";
    private static final String V1 =
            "{'apiVersion':'core.gardener.cloud/v1','kind':'ControllerDeployment'," + "'metadata':{'name':'d'";

    @Test
    void helmTypeBecomesHelm() {
        ObjectNode beta = obj(BETA + "'type':'helm','injectGardenKubeconfig':true,'providerConfig':{'chart':'H4sI',"
                + "'values':{'replicas':2},'ociRepository':{'ref':'r:1'},'unknown':'dropped'}}");
        assertThat(conversion.toStorage(beta))
                .isEqualTo(obj(V1 + "},'injectGardenKubeconfig':true,"
                        + "'helm':{'rawChart':'H4sI','values':{'replicas':2},'ociRepository':{'ref':'r:1'}}}"));
        assertThat(beta.path("apiVersion").asText()).as("input unchanged").endsWith("v1beta1");
    }

    @Test
    void helmWithoutProviderConfigIsAnEmptyHelm() {
        assertThat(conversion.toStorage(obj(BETA + "'type':'helm','providerConfig':null}")))
                .isEqualTo(obj(V1 + "},'helm':{}}"));
    }

    @Test
    void customTypeRidesInAnnotations() {
        ObjectNode v1 = conversion.toStorage(obj(BETA + "'type':'custom','providerConfig':{'b':1,'a':[true]}}"));
        ObjectNode expected = obj(V1 + "}}");
        Trees.setAnnotation(expected, "migration.controllerdeployment.gardener.cloud/type", "custom");
        Trees.setAnnotation(
                expected, "migration.controllerdeployment.gardener.cloud/providerConfig", "{\"b\":1,\"a\":[true]}");
        assertThat(v1).isEqualTo(expected);
        assertThat(conversion.fromStorage(v1, "v1beta1"))
                .isEqualTo(obj(BETA + "'type':'custom','providerConfig':{'b':1,'a':[true]}}"));
    }

    @Test
    void helmIsPresentedAsTypeHelm() {
        ObjectNode v1 = obj(V1 + "},'helm':{'rawChart':'H4sI','values':{'a':'b'}},'resources':[{'name':'r'}]}");
        assertThat(conversion.fromStorage(v1, "v1beta1"))
                .isEqualTo(obj(BETA + "'type':'helm','providerConfig':{'chart':'H4sI','values':{'a':'b'}}}"));
        assertThat(conversion.fromStorage(v1, "v1")).isEqualTo(v1);
    }

    @Test
    void emptyDeploymentIsPresentedWithEmptyTypeAndNullProviderConfig() {
        assertThat(conversion.fromStorage(obj(V1 + "}}"), "v1beta1"))
                .isEqualTo(obj(BETA + "'type':'','providerConfig':null}"));
    }

    @Test
    void roundTripsKeepTheObject() {
        ObjectNode beta = obj(BETA + "'type':'helm','providerConfig':{'chart':'H4sI','values':{'x':1}}}");
        assertThat(conversion.fromStorage(conversion.toStorage(beta), "v1beta1"))
                .isEqualTo(beta);
        ObjectNode v1 = obj(V1 + "},'helm':{'ociRepository':{'repository':'r','tag':'1'}}}");
        assertThat(conversion.toStorage(conversion.fromStorage(v1, "v1beta1"))).isEqualTo(v1);
        assertThat(conversion.toStorage(v1)).isEqualTo(v1);
    }

    @Test
    void helmProviderConfigMustBeAnObject() {
        assertThatThrownBy(() -> conversion.toStorage(obj(BETA + "'type':'helm','providerConfig':'x'}")))
                .isInstanceOf(ApiException.class);
    }
}
