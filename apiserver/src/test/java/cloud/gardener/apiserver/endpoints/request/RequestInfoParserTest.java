package cloud.gardener.apiserver.endpoints.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RequestInfoParserTest {

    /** Parses "a=b&c=d" without URL decoding (the tests use plain values). */
    static Map<String, List<String>> query(String q) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (q.isEmpty()) {
            return out;
        }
        for (String pair : q.split("&", -1)) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            out.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
        }
        return out;
    }

    // method, path, query -> resource?, verb, prefix, group, version, namespace, resource, subresource, name, parts
    static Stream<Arguments> cases() {
        return Stream.of(
                // the table of kubernetes' requestinfo_test.go, with the groups this server serves
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces",
                        "",
                        true,
                        "list",
                        "api",
                        "",
                        "v1",
                        "",
                        "namespaces",
                        "",
                        "",
                        "namespaces"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "namespaces",
                        "",
                        "other",
                        "namespaces,other"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "",
                        true,
                        "list",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of(
                        "HEAD",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of("GET", "/api/v1/pods", "", true, "list", "api", "", "v1", "", "pods", "", "", "pods"),
                Arguments.of("HEAD", "/api/v1/pods", "", true, "list", "api", "", "v1", "", "pods", "", "", "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "",
                        true,
                        "list",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                // special verbs
                Arguments.of(
                        "GET",
                        "/api/v1/proxy/namespaces/other/pods/foo",
                        "",
                        true,
                        "proxy",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of(
                        "GET",
                        "/api/v1/proxy/namespaces/other/pods/foo/subpath/not/a/subresource",
                        "",
                        true,
                        "proxy",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo,subpath,not,a,subresource"),
                Arguments.of(
                        "GET", "/api/v1/watch/pods", "", true, "watch", "api", "", "v1", "", "pods", "", "", "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/pods",
                        "watch=true",
                        true,
                        "watch",
                        "api",
                        "",
                        "v1",
                        "",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/pods",
                        "watch=false",
                        true,
                        "list",
                        "api",
                        "",
                        "v1",
                        "",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/watch/namespaces/other/pods",
                        "",
                        true,
                        "watch",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "watch=1",
                        true,
                        "watch",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "watch=0",
                        true,
                        "list",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "watch=FALSE",
                        true,
                        "list",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "watch=",
                        true,
                        "watch",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods",
                        "watch=yes",
                        true,
                        "watch",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                // subresources, and the namespace object's own status/finalize
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods/foo/status",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "status",
                        "foo",
                        "pods,foo,status"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/finalize",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "namespaces",
                        "finalize",
                        "other",
                        "namespaces,other,finalize"),
                Arguments.of(
                        "PUT",
                        "/api/v1/namespaces/other/status",
                        "",
                        true,
                        "update",
                        "api",
                        "",
                        "v1",
                        "other",
                        "namespaces",
                        "status",
                        "other",
                        "namespaces,other,status"),
                Arguments.of(
                        "GET",
                        "/api/v1/namespaces/other/pods/foo/status/extra",
                        "",
                        true,
                        "get",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "status",
                        "foo",
                        "pods,foo,status,extra"),
                // verbs from methods
                Arguments.of(
                        "POST",
                        "/api/v1/namespaces/other/pods",
                        "",
                        true,
                        "create",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "PUT",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "update",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of(
                        "PATCH",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "patch",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of(
                        "DELETE",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "delete",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                Arguments.of(
                        "DELETE",
                        "/api/v1/namespaces/other/pods",
                        "",
                        true,
                        "deletecollection",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "",
                        "pods"),
                Arguments.of(
                        "OPTIONS",
                        "/api/v1/namespaces/other/pods/foo",
                        "",
                        true,
                        "",
                        "api",
                        "",
                        "v1",
                        "other",
                        "pods",
                        "",
                        "foo",
                        "pods,foo"),
                // groups
                Arguments.of(
                        "GET",
                        "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/a",
                        "",
                        true,
                        "get",
                        "apis",
                        "core.gardener.cloud",
                        "v1beta1",
                        "garden-dev",
                        "shoots",
                        "",
                        "a",
                        "shoots,a"),
                Arguments.of(
                        "GET",
                        "/apis/core.gardener.cloud/v1beta1/shoots",
                        "",
                        true,
                        "list",
                        "apis",
                        "core.gardener.cloud",
                        "v1beta1",
                        "",
                        "shoots",
                        "",
                        "",
                        "shoots"),
                Arguments.of(
                        "POST",
                        "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/a/adminkubeconfig",
                        "",
                        true,
                        "create",
                        "apis",
                        "core.gardener.cloud",
                        "v1beta1",
                        "garden-dev",
                        "shoots",
                        "adminkubeconfig",
                        "a",
                        "shoots,a,adminkubeconfig"),
                Arguments.of(
                        "GET",
                        "/apis/core.gardener.cloud/v1beta1/seeds/s1/status",
                        "",
                        true,
                        "get",
                        "apis",
                        "core.gardener.cloud",
                        "v1beta1",
                        "",
                        "seeds",
                        "status",
                        "s1",
                        "seeds,s1,status"),
                Arguments.of(
                        "GET",
                        "/apis/g/v1/namespaces/ns/status",
                        "",
                        true,
                        "get",
                        "apis",
                        "g",
                        "v1",
                        "ns",
                        "namespaces",
                        "status",
                        "ns",
                        "namespaces,ns,status"),
                // empty segments are kept: the group is "" and everything shifts by one
                Arguments.of(
                        "GET",
                        "//apis//core.gardener.cloud/v1beta1/shoots//",
                        "",
                        true,
                        "get",
                        "apis",
                        "",
                        "core.gardener.cloud",
                        "",
                        "v1beta1",
                        "",
                        "shoots",
                        "v1beta1,shoots"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void resourceRequests(
            String method,
            String path,
            String q,
            boolean resource,
            String verb,
            String prefix,
            String group,
            String version,
            String namespace,
            String res,
            String sub,
            String name,
            String parts) {
        RequestInfo info = RequestInfoParser.parse(method, path, query(q));
        assertThat(info.isResourceRequest()).isEqualTo(resource);
        assertThat(info.path()).isEqualTo(path);
        assertThat(info.verb()).isEqualTo(verb);
        assertThat(info.apiPrefix()).isEqualTo(prefix);
        assertThat(info.apiGroup()).isEqualTo(group);
        assertThat(info.apiVersion()).isEqualTo(version);
        assertThat(info.namespace()).isEqualTo(namespace);
        assertThat(info.resource()).isEqualTo(res);
        assertThat(info.subresource()).isEqualTo(sub);
        assertThat(info.name()).isEqualTo(name);
        assertThat(info.parts()).isEqualTo(Arrays.asList(parts.split(",")));
    }

    static Stream<Arguments> nonResource() {
        return Stream.of(
                Arguments.of("GET", "/", "get"),
                Arguments.of("GET", "/healthz", "get"),
                Arguments.of("GET", "/api", "get"),
                Arguments.of("GET", "/api/v1", "get"),
                Arguments.of("GET", "/apis", "get"),
                Arguments.of("GET", "/apis/core.gardener.cloud", "get"),
                Arguments.of("GET", "/apis/core.gardener.cloud/v1beta1", "get"),
                Arguments.of("HEAD", "/apis/core.gardener.cloud/v1beta1/", "head"),
                Arguments.of("POST", "/openapi/v3/apis/core.gardener.cloud/v1beta1", "post"),
                Arguments.of("GET", "/other/v1/pods", "get"),
                Arguments.of("OPTIONS", "/version", "options"));
    }

    @ParameterizedTest
    @MethodSource("nonResource")
    void nonResourceRequests(String method, String path, String verb) {
        RequestInfo info = RequestInfoParser.parse(method, path, Map.of());
        assertThat(info.isResourceRequest()).isFalse();
        assertThat(info.verb()).isEqualTo(verb);
        assertThat(info.path()).isEqualTo(path);
        assertThat(info.apiPrefix()).isEmpty();
        assertThat(info.resource()).isEmpty();
        assertThat(info.parts()).isEmpty();
    }

    // query -> verb, name
    static Stream<Arguments> fieldSelectorNames() {
        return Stream.of(
                Arguments.of("fieldSelector=metadata.name=foo", "list", "foo"),
                Arguments.of("fieldSelector=metadata.name==foo&watch=true", "watch", "foo"),
                Arguments.of("fieldSelector=metadata.name!=foo", "list", ""),
                Arguments.of("fieldSelector=metadata.namespace=x,metadata.name=foo", "list", "foo"),
                Arguments.of("fieldSelector=metadata.name=b,metadata.name=a", "list", "a"),
                Arguments.of("fieldSelector=metadata.name=a\\,b", "list", "a,b"),
                Arguments.of("fieldSelector=spec.name=foo", "list", ""),
                // not a valid path segment name
                Arguments.of("fieldSelector=metadata.name=..", "list", ""),
                Arguments.of("fieldSelector=metadata.name=a/b", "list", ""),
                Arguments.of("fieldSelector=metadata.name=a%b", "list", ""),
                // the whole query must decode for the name to count; watch is still honoured
                Arguments.of("fieldSelector=metadata.name=foo&limit=abc&watch=true", "watch", ""),
                Arguments.of("fieldSelector=metadata.name=foo&timeoutSeconds=1.5", "list", ""),
                Arguments.of("fieldSelector=metadata.name=foo\\x", "list", ""),
                Arguments.of("fieldSelector=metadata.name", "list", ""));
    }

    @ParameterizedTest
    @MethodSource("fieldSelectorNames")
    void nameFromFieldSelector(String q, String verb, String name) {
        RequestInfo info = RequestInfoParser.parse("GET", "/apis/g/v1/namespaces/ns/shoots", query(q));
        assertThat(info.verb()).isEqualTo(verb);
        assertThat(info.name()).isEqualTo(name);
    }

    @Test
    void anInvalidLabelSelectorKeepsTheNameOut() {
        RequestInfo info = RequestInfoParser.parse(
                "GET",
                "/apis/g/v1/shoots",
                query("fieldSelector=metadata.name=foo&labelSelector=bad!!"),
                s -> !s.contains("!!"));
        assertThat(info.verb()).isEqualTo("list");
        assertThat(info.name()).isEmpty();
    }

    @Test
    void selectorsAreCopiedForCollectionVerbsOnly() {
        Map<String, List<String>> q = query("labelSelector=a=b&fieldSelector=metadata.namespace=x");
        assertThat(RequestInfoParser.parse("GET", "/apis/g/v1/shoots", q))
                .extracting(RequestInfo::labelSelector, RequestInfo::fieldSelector)
                .containsExactly("a=b", "metadata.namespace=x");
        assertThat(RequestInfoParser.parse("DELETE", "/apis/g/v1/namespaces/n/shoots", q))
                .extracting(RequestInfo::verb, RequestInfo::labelSelector)
                .containsExactly("deletecollection", "a=b");
        assertThat(RequestInfoParser.parse("GET", "/apis/g/v1/shoots/x", q))
                .extracting(RequestInfo::labelSelector, RequestInfo::fieldSelector)
                .containsExactly("", "");
        // the deprecated /watch/ prefix does not carry selectors into authorization
        assertThat(RequestInfoParser.parse("GET", "/apis/g/v1/watch/shoots", q))
                .extracting(RequestInfo::verb, RequestInfo::labelSelector)
                .containsExactly("watch", "");
    }

    @Test
    void watchOrProxyWithNothingAfterItFails() {
        assertThatThrownBy(() -> RequestInfoParser.parse("GET", "/apis/g/v1/watch", Map.of()))
                .isInstanceOf(RequestInfoException.class)
                .hasMessage("unable to determine kind and namespace from url, /apis/g/v1/watch");
        RequestInfoException e = new RequestInfoException("bad <x>");
        assertThat(e.plainTextBody("/api/v1/proxy?a=\"b\"&c"))
                .isEqualTo(
                        "Internal Server Error: \"/api/v1/proxy?a=\\\"b\\\"&amp;c\": failed to create RequestInfo: bad &lt;x&gt;");
    }

    @Test
    void longRunningIsWatchAndProxy() {
        assertThat(RequestInfoParser.parse("GET", "/apis/g/v1/shoots", query("watch=true"))
                        .isLongRunning())
                .isTrue();
        assertThat(RequestInfoParser.parse("GET", "/api/v1/proxy/pods/x", Map.of())
                        .isLongRunning())
                .isTrue();
        assertThat(RequestInfoParser.parse("GET", "/apis/g/v1/shoots", Map.of()).isLongRunning())
                .isFalse();
        assertThat(RequestInfoParser.parse("GET", "/watch", Map.of()).isLongRunning())
                .isFalse();
    }

    /** The path's segments between its leading and trailing slashes, empty ones kept, as Go's strings.Split. */
    @Test
    void splitPathKeepsEmptySegmentsBetweenTheOuterSlashes() {
        assertThat(RequestInfoParser.splitPath("/api/v1/namespaces/ns/configmaps/c"))
                .containsExactly("api", "v1", "namespaces", "ns", "configmaps", "c");
        assertThat(RequestInfoParser.splitPath("//apis//core.gardener.cloud/v1beta1/shoots///"))
                .containsExactly("apis", "", "core.gardener.cloud", "v1beta1", "shoots");
        assertThat(RequestInfoParser.splitPath("api")).containsExactly("api");
        assertThat(RequestInfoParser.splitPath("/a/")).containsExactly("a");
        assertThat(RequestInfoParser.splitPath("///")).isEmpty();
        assertThat(RequestInfoParser.splitPath("")).isEmpty();
    }
}
