package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubjectAccessReviewRequestTest {

    private static ObjectNode json(String text) {
        return (ObjectNode) Json.readTree(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void resourceReviewBecomesAttributesWithSelectors() {
        Attributes a = SubjectAccessReviewRequest.attributes(json("{'apiVersion':'authorization.k8s.io/v1',"
                + "'kind':'SubjectAccessReview','spec':{'resourceAttributes':{'namespace':'ns','verb':'list',"
                + "'group':'core.gardener.cloud','version':'v1beta1','resource':'shoots',"
                + "'fieldSelector':{'requirements':[{'key':'spec.seedName','operator':'In','values':['a']},"
                + "{'key':'metadata.name','operator':'NotIn','values':['x,y']},"
                + "{'key':'spec.x','operator':'Exists'}]},"
                + "'labelSelector':{'requirements':[{'key':'a','operator':'In','values':['1','2']},"
                + "{'key':'b','operator':'NotIn','values':['3']},{'key':'c','operator':'Exists'},"
                + "{'key':'d','operator':'DoesNotExist'}]}},"
                + "'user':'u','uid':'1','groups':['g1','g2'],'extra':{'k':['v']}}}"));

        assertThat(a.user()).isEqualTo(new UserInfo("u", "1", List.of("g1", "g2"), Map.of("k", List.of("v"))));
        assertThat(a.resourceRequest()).isTrue();
        assertThat(List.of(a.verb(), a.apiGroup(), a.apiVersion(), a.namespace(), a.resource(), a.name()))
                .containsExactly("list", "core.gardener.cloud", "v1beta1", "ns", "shoots", "");
        assertThat(a.fieldSelector()).isEqualTo("spec.seedName=a,metadata.name!=x\\,y");
        assertThat(a.labelSelector()).isEqualTo("a in (1,2),b notin (3),c,!d");
    }

    @Test
    void rawSelectorsArePreferred() {
        Attributes a = SubjectAccessReviewRequest.attributes(json("{'apiVersion':'authorization.k8s.io/v1',"
                + "'kind':'SubjectAccessReview','spec':{'resourceAttributes':{'verb':'list','resource':'secrets',"
                + "'labelSelector':{'rawSelector':'x=y','requirements':[{'key':'z','operator':'Exists'}]}},"
                + "'user':'u'}}"));

        assertThat(a.labelSelector()).isEqualTo("x=y");
    }

    @Test
    void v1beta1KeepsGroupsInGroupAndNonResourceReviewsHaveAPath() {
        Attributes a = SubjectAccessReviewRequest.attributes(json("{'apiVersion':'authorization.k8s.io/v1beta1',"
                + "'kind':'SubjectAccessReview','spec':{'nonResourceAttributes':{'path':'/healthz','verb':'get'},"
                + "'user':'u','group':['g']}}"));

        assertThat(a.resourceRequest()).isFalse();
        assertThat(a.path()).isEqualTo("/healthz");
        assertThat(a.user().groups()).containsExactly("g");
    }

    @Test
    void otherDocumentsAreBadRequests() {
        assertThatThrownBy(() -> SubjectAccessReviewRequest.attributes(json("{'apiVersion':'v1','kind':'Pod'}")))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400));
    }

    @Test
    void answersCarryTheDecision() {
        ObjectNode review = json("{'apiVersion':'authorization.k8s.io/v1','kind':'SubjectAccessReview','spec':{}}");

        assertThat(SubjectAccessReviewRequest.answer(review, Decision.allow()).path("status"))
                .isEqualTo(json("{'allowed':true}"));
        assertThat(SubjectAccessReviewRequest.answer(review, Decision.noOpinion("why"))
                        .path("status"))
                .isEqualTo(json("{'allowed':false,'reason':'why'}"));
        assertThat(SubjectAccessReviewRequest.answer(review, Decision.deny("no"))
                        .path("status"))
                .isEqualTo(json("{'allowed':false,'denied':true,'reason':'no'}"));
        assertThat(review.has("status")).isFalse();
    }

    @Test
    void aReviewRoundTripsThroughTheDelegatingAuthorizersSpec() {
        Attributes original = Attributes.forResource(
                        UserInfo.of("u", List.of("g")),
                        "watch",
                        "core.gardener.cloud",
                        "v1beta1",
                        "",
                        "shoots",
                        "",
                        "",
                        "/x")
                .withSelectors("name.seed.gardener.cloud/a=true", "spec.seedName=a");
        ObjectNode review = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "authorization.k8s.io/v1")
                .put("kind", "SubjectAccessReview");
        review.set("spec", SubjectAccessReviewAuthorizer.spec(original));

        Attributes read = SubjectAccessReviewRequest.attributes(review);
        assertThat(read.labelSelector()).isEqualTo("name.seed.gardener.cloud/a in (true)");
        assertThat(read.fieldSelector()).isEqualTo("spec.seedName=a");
        assertThat(read.user()).isEqualTo(original.user());
    }
}
