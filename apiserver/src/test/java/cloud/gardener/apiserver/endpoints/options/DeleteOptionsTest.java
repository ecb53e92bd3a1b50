package cloud.gardener.apiserver.endpoints.options;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeleteOptionsTest {

    static byte[] body(String json) {
        return json.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                // query | grace | policy | orphan | dryRun
                "''|null|null|null|false",
                "gracePeriodSeconds=0|0|null|null|false",
                "gracePeriodSeconds=-5&propagationPolicy=Foreground|-5|Foreground|null|false",
                "propagationPolicy=Background&dryRun=All|null|Background|null|true",
                "orphanDependents=true|null|null|true|false",
                "orphanDependents=false|null|null|false|false"
            })
    void parsesTheQuery(String query, Long grace, String policy, Boolean orphan, boolean dryRun) {
        assertThat(DeleteOptions.parse(Queries.of(query), new byte[0]))
                .isEqualTo(new DeleteOptions(grace, null, null, policy, orphan, dryRun));
    }

    @Test
    void parsesTheBodyAndIgnoresTheQueryThen() {
        DeleteOptions o = DeleteOptions.parse(
                Queries.of("propagationPolicy=Orphan&dryRun=bogus"),
                body(
                        "{'kind':'DeleteOptions','apiVersion':'v1','propagationPolicy':'Background',"
                                + "'gracePeriodSeconds':30,'preconditions':{'uid':'u-1','resourceVersion':'9'},'dryRun':['All']}"));
        assertThat(o).isEqualTo(new DeleteOptions(30L, "u-1", "9", "Background", null, true));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{}",
                "{'kind':'DeleteOptions'}",
                "{'apiVersion':'meta.k8s.io/v1','kind':'DeleteOptions'}",
                "{'apiVersion':'core.gardener.cloud/v1beta1','kind':'DeleteOptions'}",
                "{'apiVersion':'v1','unknown':1}"
            })
    void anyVersionOfDeleteOptionsDecodes(String json) {
        assertThat(DeleteOptions.parse(Map.of(), body(json))).isEqualTo(DeleteOptions.NONE);
    }

    @Test
    void yamlBodies() {
        assertThat(DeleteOptions.parse(Map.of(), "propagationPolicy: Orphan\n".getBytes(UTF_8), "application/yaml")
                        .orphans())
                .isTrue();
        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), body("{}"), "text/plain"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(415));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'kind':'Shoot','apiVersion':'core.gardener.cloud/v1beta1'}|no kind \"Shoot\" is registered for version \"core.gardener.cloud/v1beta1\" in scheme \"k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go:28\"",
                "{'kind':'Pod'}|no kind \"Pod\" is registered for version \"meta.k8s.io/v1\" in scheme \"k8s.io/apimachinery/pkg/apis/meta/internalversion/scheme/register.go:28\"",
                "{'gracePeriodSeconds':'x'}|json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64",
                "{'gracePeriodSeconds':1.5}|json: cannot unmarshal number 1.5 into Go struct field DeleteOptions.gracePeriodSeconds of type int64",
                "{'propagationPolicy':1}|json: cannot unmarshal number 1 into Go struct field DeleteOptions.propagationPolicy of type string",
                "{'dryRun':'All'}|json: cannot unmarshal string into Go struct field DeleteOptions.dryRun of type []string"
            })
    void undecodableBodiesAre500LikeKubernetes(String json, String message) {
        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), body(json)))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(500);
                    assertThat(e.reason()).isEmpty();
                })
                .hasMessage(message);
        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), body("{nope")))
                .hasMessage("couldn't get version/kind; json parse error: invalid character 'n' looking for beginning "
                        + "of object key string");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "propagationPolicy=Orphan&orphanDependents=true|propagationPolicy: Invalid value: \"Orphan\": orphanDependents and deletionPropagation cannot be both set",
                "propagationPolicy=orphan|propagationPolicy: Unsupported value: \"orphan\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\"",
                "dryRun=true|dryRun: Unsupported value: []string{\"true\"}: supported values: \"All\"",
                "propagationPolicy=X&orphanDependents=false&dryRun=x|[propagationPolicy: Invalid value: \"X\": orphanDependents and deletionPropagation cannot be both set, propagationPolicy: Unsupported value: \"X\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\", dryRun: Unsupported value: []string{\"x\"}: supported values: \"All\"]"
            })
    void invalidOptionsAre422(String query, String detail) {
        assertThatThrownBy(() -> DeleteOptions.parse(Queries.of(query), null))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(422);
                    assertThat(e.status().details().kind()).isEqualTo("DeleteOptions");
                })
                .hasMessage("DeleteOptions.meta.k8s.io \"\" is invalid: " + detail);
    }

    @Test
    void bodyIsValidatedToo() {
        assertThatThrownBy(() ->
                        DeleteOptions.parse(Map.of(), body("{'propagationPolicy':'Orphan','orphanDependents':false}")))
                .hasMessageContaining("orphanDependents and deletionPropagation cannot be both set");
        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), body("{'dryRun':['x']}")))
                .hasMessage(
                        "DeleteOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: []string{\"x\"}: supported values: \"All\"");
    }

    @Test
    void badQueryIntegerIs400() {
        assertThatThrownBy(() -> DeleteOptions.parse(Queries.of("gracePeriodSeconds=soon"), null))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage("strconv.ParseInt: parsing \"soon\": invalid syntax");
    }

    @Test
    void derivedValues() {
        assertThat(new DeleteOptions(-3L, null, null, null, null, false).effectiveGracePeriodSeconds())
                .isEqualTo(1L);
        assertThat(new DeleteOptions(0L, null, null, null, null, false).effectiveGracePeriodSeconds())
                .isZero();
        assertThat(DeleteOptions.NONE.effectiveGracePeriodSeconds()).isNull();
        assertThat(new DeleteOptions(null, null, null, null, true, false).orphans())
                .isTrue();
        assertThat(new DeleteOptions(null, null, null, "Background", null, false).orphans())
                .isFalse();
    }
}
