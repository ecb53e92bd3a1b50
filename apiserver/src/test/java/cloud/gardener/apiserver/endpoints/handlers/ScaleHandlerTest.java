package cloud.gardener.apiserver.endpoints.handlers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScaleHandlerTest {

    private static JsonNode json(String s) throws IOException {
        return Json.MAPPER.readTree(s.replace('\'', '"'));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{}|''",
                "{'matchLabels':{'b':'2','a':'1'}}|a=1,b=2",
                "{'matchExpressions':[{'key':'env','operator':'In','values':['prod','dev']}]}|env in (dev,prod)",
                "{'matchExpressions':[{'key':'env','operator':'NotIn','values':['x']}]}|env notin (x)",
                "{'matchExpressions':[{'key':'x','operator':'Exists'},{'key':'a','operator':'DoesNotExist'}]}|!a,x",
                "{'matchLabels':{'z':'1'},'matchExpressions':[{'key':'m','operator':'Exists'}]}|m,z=1"
            })
    void selectorRendersAsLabelSelectorAsSelectorDoes(String selector, String expected) throws IOException {
        assertThat(ScaleHandler.selectorString(json(selector))).isEqualTo(expected);
    }

    @Test
    void invalidOperatorIsBadRequest() {
        assertThatThrownBy(
                        () -> ScaleHandler.selectorString(json("{'matchExpressions':[{'key':'a','operator':'Gt'}]}")))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("\"Gt\" is not a valid label selector operator");
    }

    @Test
    void scaleReadsReplicasAndSelector() throws IOException {
        ObjectNode set =
                (ObjectNode) json("{'metadata':{'name':'s','namespace':'garden','uid':'u','resourceVersion':'7',"
                        + "'creationTimestamp':'2024-01-01T00:00:00Z','labels':{'x':'y'},'generation':3},"
                        + "'spec':{'replicas':2,'selector':{'matchLabels':{'app':'s'}}},'status':{'replicas':1}}");
        assertThat(ScaleHandler.toScale(set))
                .isEqualTo(json("{'kind':'Scale','apiVersion':'autoscaling/v1',"
                        + "'metadata':{'name':'s','namespace':'garden','uid':'u','resourceVersion':'7',"
                        + "'creationTimestamp':'2024-01-01T00:00:00Z'},'spec':{'replicas':2},"
                        + "'status':{'replicas':1,'selector':'app=s'}}"));
    }
}
