package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertHasError;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertValid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.edited;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.example;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.invalid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.remove;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.set;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.stored;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validate;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.DUPLICATE;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_FOUND;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.core.ValidationCases.Case;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SeedValidatorTest {

    /**
     * The published example enables topology-aware routing with a single zone, which Gardener's validation forbids
     * (see {@code topologyAwareRoutingNeedsTwoZones}); a second zone makes it valid.
     */
    private static final ObjectNode SEED =
            edited(example("50-seed.yaml"), set("spec.provider.zones", "['europe-1a','europe-1b']"));

    @Test
    void exampleIsValid() {
        assertValid(validate(SEED));
        assertValid(validateUpdate(stored(SEED), stored(SEED)));
    }

    static Stream<Case> invalidCases() {
        return Stream.of(
                invalid("name not a label", set("metadata.name", "my.seed"), "metadata.name", INVALID),
                invalid(
                        "unknown operation",
                        set("metadata.annotations", "{'gardener.cloud/operation':'explode'}"),
                        "metadata.annotations[gardener.cloud/operation]",
                        NOT_SUPPORTED),
                invalid("provider type", remove("spec.provider.type"), "spec.provider.type", REQUIRED),
                invalid("provider region", remove("spec.provider.region"), "spec.provider.region", REQUIRED),
                invalid("duplicate zone", set("spec.provider.zones", "['a','a']"), "spec.provider.zones[1]", DUPLICATE),
                invalid("unparsable pods", set("spec.networks.pods", "10.0.0.0"), "spec.networks.pods", INVALID),
                invalid("wrong family", set("spec.networks.nodes", "2001:db8::/64"), "spec.networks.nodes", INVALID),
                invalid(
                        "overlapping networks",
                        set("spec.networks.nodes", "10.241.0.0/24"),
                        "spec.networks.nodes",
                        INVALID),
                invalid(
                        "services too large",
                        set("spec.networks.services", "10.0.0.0/7"),
                        "spec.networks.services",
                        INVALID),
                invalid("reserved range", set("spec.networks.nodes", "240.1.0.0/16"), "spec.networks.nodes", INVALID),
                invalid(
                        "ip family",
                        set("spec.networks.ipFamilies", "['IPv5']"),
                        "spec.networks.ipFamilies[0]",
                        NOT_SUPPORTED),
                invalid("backup provider", remove("spec.backup.provider"), "spec.backup.provider", REQUIRED),
                invalid(
                        "backup credentials",
                        remove("spec.backup.credentialsRef"),
                        "spec.backup.credentialsRef",
                        REQUIRED),
                invalid("taint key", set("spec.taints", "[{'value':'x'}]"), "spec.taints[0].key", REQUIRED),
                invalid(
                        "duplicate taint",
                        set("spec.taints", "[{'key':'a'},{'key':'a'}]"),
                        "spec.taints[1]",
                        DUPLICATE),
                invalid(
                        "volume purpose",
                        set("spec.volume", "{'providers':[{'name':'x'}]}"),
                        "spec.volume.providers[0].purpose",
                        REQUIRED),
                invalid(
                        "lb zones on one zone",
                        o -> {
                            set("spec.provider.zones", "['europe-1a']").accept(o);
                            set("spec.settings.topologyAwareRouting.enabled", false)
                                    .accept(o);
                            set("spec.settings.loadBalancerServices", "{'zones':[{'name':'europe-1a'}]}")
                                    .accept(o);
                        },
                        "spec.settings.loadBalancerServices.zones",
                        FORBIDDEN),
                invalid(
                        "lb unknown zone",
                        o -> {
                            set("spec.provider.zones", "['a','b']").accept(o);
                            set("spec.settings.loadBalancerServices", "{'zones':[{'name':'c'}]}")
                                    .accept(o);
                        },
                        "spec.settings.loadBalancerServices.zones[0].name",
                        NOT_FOUND),
                invalid(
                        "lb traffic policy",
                        set("spec.settings.loadBalancerServices", "{'externalTrafficPolicy':'Nowhere'}"),
                        "spec.settings.loadBalancerServices.externalTrafficPolicy",
                        NOT_SUPPORTED),
                invalid(
                        "topology-aware routing single zone",
                        set("spec.provider.zones", "['europe-1a']"),
                        "spec.settings.topologyAwareRouting.enabled",
                        FORBIDDEN),
                invalid(
                        "zone selection mode",
                        set("spec.settings.zoneSelection", "{'mode':'Random'}"),
                        "spec.settings.zoneSelection.mode",
                        NOT_SUPPORTED),
                invalid("ingress missing", remove("spec.ingress"), "spec.ingress", REQUIRED),
                invalid("ingress domain", set("spec.ingress.domain", "Not_A_Domain"), "spec.ingress.domain", INVALID),
                invalid(
                        "ingress kind",
                        set("spec.ingress.controller.kind", "traefik"),
                        "spec.ingress.controller.kind",
                        NOT_SUPPORTED),
                invalid("dns provider for ingress", remove("spec.dns.provider"), "spec.dns.provider", REQUIRED),
                invalid("internal dns", remove("spec.dns.internal"), "spec.dns.internal", REQUIRED),
                invalid(
                        "internal dns domain",
                        remove("spec.dns.internal.domain"),
                        "spec.dns.internal.domain",
                        REQUIRED),
                invalid(
                        "extension type",
                        set("spec.extensions", "[{'type':'a'},{'type':'a'}]"),
                        "spec.extensions[1].type",
                        DUPLICATE),
                invalid(
                        "resource kind",
                        set(
                                "spec.resources",
                                "[{'name':'r','resourceRef':{'apiVersion':'v1','kind':'Pod','name':'p'}}]"),
                        "spec.resources[0].resourceRef",
                        NOT_SUPPORTED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void rejects(Case c) {
        assertHasError(validate(edited(SEED, c.edit())), c.field(), c.type());
    }

    @Test
    void networksIngressAndBackupAreImmutable() {
        for (String[] change : new String[][] {
            {"spec.networks.pods", "10.242.0.0/17"},
            {"spec.networks.services", "10.243.0.0/17"},
            {"spec.networks.nodes", "10.244.0.0/16"},
            {"spec.ingress.domain", "other.example.com"},
            {"spec.backup.provider", "other"},
            {"spec.backup.region", "other"}
        }) {
            ObjectNode changed = edited(SEED, set(change[0], change[1]));
            assertHasError(validateUpdate(stored(changed), stored(SEED)), change[0], INVALID);
        }
    }

    @Test
    void operationCannotBeOverwrittenAndDefaultsNotRemoved() {
        ObjectNode old = edited(SEED, set("metadata.annotations", "{'gardener.cloud/operation':'reconcile'}"));
        ObjectNode changed =
                edited(SEED, set("metadata.annotations", "{'gardener.cloud/operation':'renew-kubeconfig'}"));
        assertHasError(
                validateUpdate(stored(changed), stored(old)),
                "metadata.annotations[gardener.cloud/operation]",
                FORBIDDEN);
        ObjectNode withDefaults = edited(
                SEED,
                set(
                        "spec.dns.defaults",
                        "[{'type':'aws-route53','domain':'d.example.com',"
                                + "'credentialsRef':{'apiVersion':'v1','kind':'Secret','name':'s','namespace':'garden'}}]"));
        assertValid(validate(withDefaults));
        assertHasError(validateUpdate(stored(SEED), stored(withDefaults)), "spec.dns.defaults", FORBIDDEN);
    }

    @Test
    void topologyAwareRoutingNeedsTwoZones() {
        assertHasError(validate(example("50-seed.yaml")), "spec.settings.topologyAwareRouting.enabled", FORBIDDEN);
    }

    @Test
    void overlapMessageNamesBothNetworks() {
        List<FieldError> errs = validate(edited(SEED, set("spec.networks.nodes", "10.241.0.0/24")));
        assertThat(errs)
                .extracting(FieldError::toString)
                .contains("spec.networks.nodes: Invalid value: "
                        + "\"10.241.0.0/24\": must not overlap with \"spec.networks.services\" (\"10.241.0.0/17\")");
    }
}
