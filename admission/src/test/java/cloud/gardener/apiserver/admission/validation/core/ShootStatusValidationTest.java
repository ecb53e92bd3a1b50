package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code ValidateShootStatusUpdate}: what a {@code shoots/status} write is judged by, as Gardener's tests have it. */
class ShootStatusValidationTest {

    private static final ShootValidator VALIDATOR = new ShootValidator(true);

    private static Shoot shoot(String status) {
        return shoot(status, "{}");
    }

    private static Shoot shoot(String status, String annotations) {
        try {
            String yaml = "{apiVersion: core.gardener.cloud/v1beta1, kind: Shoot, metadata: {name: shoot, namespace: "
                    + "my-namespace, annotations: " + annotations + "}, spec: {}, status: " + status + "}";
            return ModelCodec.decode(Json.YAML.readTree(yaml), Shoot.class).value();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<FieldError> update(String status, String old) {
        return VALIDATOR.validateStatusUpdate(shoot(status), shoot(old));
    }

    @Test
    void identifiersMayBeSetOnceButNotChanged() {
        assertThat(update("{uid: '1234'}", "{}")).isEmpty();
        assertThat(update("{uid: '1235'}", "{uid: '1234'}"))
                .extracting(FieldError::toString)
                .containsExactly("status.uid: Invalid value: \"1235\": field is immutable");
        assertThat(update("{technicalID: shoot--foo--bar}", "{}")).isEmpty();
        assertThat(update("{technicalID: shoot--foo--bar}", "{technicalID: shoot-foo-bar}"))
                .extracting(FieldError::type, FieldError::field)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(FieldErrorType.INVALID, "status.technicalID"));
        assertThat(update("{clusterIdentity: newClusterIdentity}", "{}")).isEmpty();
        assertThat(update("{clusterIdentity: newClusterIdentity}", "{clusterIdentity: oldClusterIdentity}"))
                .extracting(FieldError::toString)
                .containsExactly("status.clusterIdentity: Invalid value: \"newClusterIdentity\": field is immutable");
    }

    @Test
    void theSpecAndOperationAnnotationsAreNotJudged() {
        // a rotation in progress: the main resource would refuse this annotation, the status write goes through
        String rotating = "{lastOperation: {type: Reconcile}, credentials: {rotation: {certificateAuthorities: "
                + "{phase: Preparing}}}}";
        Shoot annotated = shoot(rotating, "{gardener.cloud/operation: rotate-credentials-start}");
        assertThat(VALIDATOR.validateStatusUpdate(annotated, shoot(rotating))).isEmpty();
        assertThat(VALIDATOR.validate(annotated))
                .extracting(FieldError::field)
                .contains("metadata.annotations[gardener.cloud/operation]");
    }

    static Stream<Arguments> addresses() {
        return Stream.of(
                Arguments.of(
                        "[{name: ''}]",
                        "status.advertisedAddresses[0].name",
                        FieldErrorType.REQUIRED,
                        "field must not be empty"),
                Arguments.of(
                        "[{name: a, url: 'https://foo.bar'}, {name: a, url: 'https://foo.bar'}]",
                        "status.advertisedAddresses[1].name",
                        FieldErrorType.DUPLICATE,
                        null),
                Arguments.of(
                        "[{name: a, url: '://foo.bar'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.REQUIRED,
                        "url must be a valid URL: parse \"://foo.bar\": missing protocol "
                                + "scheme; desired format: https://host[:port]"),
                Arguments.of(
                        "[{name: a, url: 'http://foo.bar'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.INVALID,
                        "'https' is the only allowed URL scheme"),
                Arguments.of(
                        "[{name: a, url: 'https://'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.INVALID,
                        "host must be provided"),
                Arguments.of(
                        "[{name: a, url: 'https://john:doe@foo.bar'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.INVALID,
                        "user information is not permitted in the URL"),
                Arguments.of(
                        "[{name: a, url: 'https://foo.bar#some-fragment'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.INVALID,
                        "fragments are not permitted in the URL"),
                Arguments.of(
                        "[{name: a, url: 'https://foo.bar?some=query'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.INVALID,
                        "query parameters are not permitted in the URL"),
                Arguments.of(
                        "[{name: a, url: 'https://foo.bar:port'}]",
                        "status.advertisedAddresses[0].url",
                        FieldErrorType.REQUIRED,
                        "url must be a valid URL: parse \"https://foo.bar:port\": invalid "
                                + "port \":port\" after host; desired format: https://host[:port]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("addresses")
    void advertisedAddresses(String addresses, String field, FieldErrorType type, String detail) {
        List<FieldError> errs = update("{advertisedAddresses: " + addresses + "}", "{}");
        assertThat(errs).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.type()).isEqualTo(type);
            if (detail != null) {
                assertThat(e.detail()).contains(detail);
            }
        });
    }

    @Test
    void goodAddresses() {
        assertThat(update(
                        "{advertisedAddresses: [{name: a, url: 'https://foo.bar'}, {name: b, url: "
                                + "'https://foo.bar:443'}, {name: c, url: 'https://foo.bar/baz', application: app}, {name: d, url: "
                                + "'https://[::1]:443', application: app}]}",
                        "{}"))
                .isEmpty();
    }

    @Test
    void networkingCidrs() {
        assertThat(update(
                        "{networking: {nodes: [10.250.0.0/16], pods: [100.96.0.0/11], services: [100.64.0.0/13], "
                                + "egressCIDRs: [1.2.3.4/32]}}",
                        "{}"))
                .isEmpty();
        assertThat(update(
                        "{networking: {nodes: [invalid], pods: [invalid], services: [invalid], egressCIDRs: "
                                + "[invalid]}}",
                        "{}"))
                .extracting(FieldError::field, FieldError::detail)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.nodes[0]", "invalid CIDR address: invalid"),
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.pods[0]", "invalid CIDR address: invalid"),
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.services[0]", "invalid CIDR address: invalid"),
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.egressCIDRs[0]", "invalid CIDR address: invalid"));
        assertThat(update(
                        "{networking: {nodes: [10.250.0.3/16], pods: [100.64.0.5/13], services: [100.96.0.4/11]}}",
                        "{}"))
                .extracting(FieldError::field, FieldError::detail)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.nodes[0]", "must be valid canonical CIDR"),
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.pods[0]", "must be valid canonical CIDR"),
                        org.assertj.core.groups.Tuple.tuple(
                                "status.networking.services[0]", "must be valid canonical CIDR"));
    }
}
