package cloud.gardener.apiserver.endpoints.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AdmissionReviewsTest {

    private static AdmissionReviews.Review read(String json) throws IOException {
        return AdmissionReviews.read(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Test
    void readsTheRequest() throws IOException {
        AdmissionReviews.Review review = read("{'apiVersion':'admission.k8s.io/v1','kind':'AdmissionReview','request':"
                + "{'uid':'u','kind':{'group':'operator.gardener.cloud','version':'v1alpha1','kind':'Garden'},"
                + "'resource':{'group':'operator.gardener.cloud','version':'v1alpha1','resource':'gardens'},"
                + "'name':'local','operation':'DELETE','userInfo':{'username':'kube','groups':['system:masters'],"
                + "'extra':{'k':['v']}},'oldObject':{'metadata':{'name':'local'}},'dryRun':true}}");
        AdmissionRequest r = review.request();
        assertThat(r.uid()).isEqualTo("u");
        assertThat(r.kind().kind()).isEqualTo("Garden");
        assertThat(r.resource().resource()).isEqualTo("gardens");
        assertThat(r.operation()).isEqualTo("DELETE");
        assertThat(r.userInfo().groups()).containsExactly("system:masters");
        assertThat(r.userInfo().extra()).containsEntry("k", java.util.List.of("v"));
        assertThat(r.object()).isNull();
        assertThat(r.oldObject().path("metadata").path("name").asText()).isEqualTo("local");
        assertThat(r.dryRun()).isTrue();
    }

    @Test
    void answersInTheReviewsOwnVersion() throws IOException {
        AdmissionReviews.Review v1beta1 =
                read("{'apiVersion':'admission.k8s.io/v1beta1','kind':'AdmissionReview'," + "'request':{'uid':'x'}}");
        assertThat(text(AdmissionReviews.write(
                        v1beta1, AdmissionResponse.allow().complete("x"))))
                .isEqualTo(
                        "{\"kind\":\"AdmissionReview\",\"apiVersion\":\"admission.k8s.io/v1beta1\",\"response\":{\"uid\":\"x\","
                                + "\"allowed\":true,\"status\":{\"metadata\":{},\"code\":200}}}\n");
        AdmissionReviews.Review untyped = read("{'request':{'uid':'y'}}");
        assertThat(text(AdmissionReviews.write(
                        untyped, AdmissionResponse.deny("no").complete("y"))))
                .isEqualTo(
                        "{\"kind\":\"AdmissionReview\",\"apiVersion\":\"admission.k8s.io/v1\",\"response\":{\"uid\":\"y\","
                                + "\"allowed\":false,\"status\":{\"metadata\":{},\"message\":\"no\",\"reason\":\"Forbidden\","
                                + "\"code\":403}}}\n");
    }

    @Test
    void aRejectionCarriesTheErrorsStatusWithoutTypeAndWarnings() {
        AdmissionResponse response = AdmissionResponse.reject(
                        ApiException.badRequest("bad").status())
                .withWarnings(java.util.List.of("careful"));
        assertThat(text(AdmissionReviews.writeUntyped(response)))
                .isEqualTo("{\"response\":{\"uid\":\"\","
                        + "\"allowed\":false,\"status\":{\"metadata\":{},\"status\":\"Failure\",\"message\":\"bad\","
                        + "\"reason\":\"BadRequest\",\"code\":400},\"warnings\":[\"careful\"]}}\n");
    }

    @Test
    void refusesWhatIsNotAnObject() {
        assertThatThrownBy(() -> read("[1]")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> read("{")).isInstanceOf(IOException.class);
    }
}
