package cloud.gardener.apiserver.e2e.python;

import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code AuthorizationV1Api().create_namespaced_local_subject_access_review} through the real Python client: the
 * client's model sends the review without a namespace in its metadata, the server answers in the URL's namespace
 * from the authorizers that guard requests, and a review about another namespace is refused as kube-apiserver
 * refuses it.
 */
@Tag("integration")
class AccessReviewsPythonClientTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static PythonClient python;
    static String ns;

    @BeforeAll
    static void setUp() throws Exception {
        python = PythonClient.forKubeconfig(SERVER.adminKubeconfig());
        ns = createNamespace(SERVER.admin(), "python-reviews");
    }

    @Test
    void aLocalSubjectAccessReviewIsAnsweredInItsNamespace() {
        List<JsonNode> lines = python.ok("ns = \"" + ns + "\"\n" + """
                authz = client.AuthorizationV1Api(api)
                def review(namespace, user, groups):
                    return client.V1LocalSubjectAccessReview(spec=client.V1SubjectAccessReviewSpec(
                        user=user, groups=groups, resource_attributes=client.V1ResourceAttributes(
                            namespace=namespace, verb="delete", group="core.gardener.cloud", resource="shoots")))
                out(authz.create_namespaced_local_subject_access_review(ns, review(ns, "root", ["system:masters"])))
                out(authz.create_namespaced_local_subject_access_review(ns, review(ns, "nobody", [])))
                try:
                    authz.create_namespaced_local_subject_access_review(ns, review("elsewhere", "root", ["system:masters"]))
                except ApiException as e:
                    print(json.dumps({"status": e.status, "body": json.loads(e.body)}), flush=True)
                """);

        assertThat(lines).hasSize(3);
        JsonNode masters = lines.get(0);
        assertThat(masters.path("kind").asText()).isEqualTo("LocalSubjectAccessReview");
        assertThat(masters.path("metadata").path("namespace").asText()).isEqualTo(ns);
        assertThat(masters.path("status").path("allowed").asBoolean()).isTrue();
        assertThat(lines.get(1).path("status").path("allowed").asBoolean()).isFalse();
        JsonNode refused = lines.get(2);
        assertThat(refused.path("status").asInt()).isEqualTo(422);
        assertThat(refused.path("body").path("reason").asText()).isEqualTo("Invalid");
        assertThat(refused.path("body")
                        .path("details")
                        .path("causes")
                        .get(0)
                        .path("field")
                        .asText())
                .isEqualTo("spec.resourceAttributes.namespace");
    }
}
