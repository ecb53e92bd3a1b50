package cloud.gardener.apiserver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The label values k8s.io/apiserver's MonitorRequest reports: verb, scope and dry_run. */
class RequestMetricsLabelsTest {

    private static RequestInfo resource(String verb, String namespace, String name) {
        return new RequestInfo(
                true,
                "/apis/core.gardener.cloud/v1beta1/shoots",
                verb,
                "apis",
                "core.gardener.cloud",
                "v1beta1",
                namespace,
                "shoots",
                "",
                name,
                List.of(),
                "",
                "");
    }

    private static RequestMetrics.Labels labels(RequestInfo info, String method, String contentType) {
        return RequestMetrics.Labels.of(info, method, contentType);
    }

    @Test
    void aGetOfACollectionIsAListAndOfANamedObjectAGet() {
        assertThat(labels(resource("list", "garden-dev", ""), "GET", null))
                .extracting(RequestMetrics.Labels::verb, RequestMetrics.Labels::scope)
                .containsExactly("LIST", "namespace");
        assertThat(labels(resource("list", "", ""), "GET", null))
                .extracting(RequestMetrics.Labels::verb, RequestMetrics.Labels::scope)
                .containsExactly("LIST", "cluster");
        assertThat(labels(resource("get", "garden-dev", "crazy-botany"), "HEAD", null))
                .extracting(RequestMetrics.Labels::verb, RequestMetrics.Labels::scope)
                .containsExactly("GET", "resource");
    }

    @Test
    void watchesApplyAndCreatesAreTold() {
        assertThat(labels(resource("watch", "garden-dev", ""), "GET", null).verb())
                .isEqualTo("WATCH");
        assertThat(labels(resource("watch", "garden-dev", "crazy-botany"), "GET", null)
                        .verb())
                .isEqualTo("WATCH");
        assertThat(labels(
                                resource("patch", "garden-dev", "crazy-botany"),
                                "PATCH",
                                "application/apply-patch+yaml; charset=utf-8")
                        .verb())
                .isEqualTo("APPLY");
        assertThat(labels(resource("patch", "garden-dev", "crazy-botany"), "PATCH", "application/merge-patch+json")
                        .verb())
                .isEqualTo("PATCH");
        // a create has the scope of the object it makes
        assertThat(labels(resource("create", "garden-dev", ""), "POST", null))
                .extracting(RequestMetrics.Labels::verb, RequestMetrics.Labels::scope)
                .containsExactly("POST", "resource");
        assertThat(labels(resource("deletecollection", "garden-dev", ""), "DELETE", null)
                        .verb())
                .isEqualTo("DELETE");
        assertThat(labels(RequestInfo.nonResource("/x", "BREW"), "BREW", null).verb())
                .isEqualTo("OTHER");
    }

    @Test
    void nonResourceRequestsHaveNoResourceLabelsAndHealthKeepsItsPath() {
        assertThat(labels(RequestInfo.nonResource("/apis", "GET"), "GET", null))
                .isEqualTo(new RequestMetrics.Labels("GET", "", "", "", "", "", "apiserver"));
        assertThat(labels(RequestInfo.nonResource("/readyz", "GET"), "GET", null))
                .isEqualTo(new RequestMetrics.Labels("GET", "", "", "", "/readyz", "", ""));
    }

    @Test
    void dryRunValuesAreSortedJoinedOrInvalid() {
        assertThat(RequestMetrics.dryRun(List.of())).isEmpty();
        assertThat(RequestMetrics.dryRun(List.of("All"))).isEqualTo("All");
        assertThat(RequestMetrics.dryRun(List.of("All", "All"))).isEqualTo("All,All");
        assertThat(RequestMetrics.dryRun(List.of("Some"))).isEqualTo("invalid");
    }
}
