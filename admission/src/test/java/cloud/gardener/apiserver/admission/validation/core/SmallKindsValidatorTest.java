package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.arg;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertHasError;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertValid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.edited;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.example;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.invalid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.json;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.remove;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.set;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.stored;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validate;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.DUPLICATE;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Quota, SecretBinding, ExposureClass, InternalSecret, BackupBucket, BackupEntry and ShootState. */
class SmallKindsValidatorTest {

    static final ObjectNode QUOTA = example("60-quota.yaml");
    static final ObjectNode SECRET_BINDING = example("80-secretbinding.yaml");
    static final ObjectNode EXPOSURE_CLASS = example("81-exposureclass.yaml");
    static final ObjectNode INTERNAL_SECRET = example("11-internal-secret.yaml");
    static final ObjectNode BACKUP_BUCKET = json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'BackupBucket',"
            + "'metadata':{'name':'bucket'},'spec':{'provider':{'type':'aws','region':'eu-1'},'seedName':'seed',"
            + "'credentialsRef':{'apiVersion':'v1','kind':'Secret','name':'s','namespace':'garden'}}}");
    static final ObjectNode BACKUP_ENTRY = json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'BackupEntry',"
            + "'metadata':{'name':'entry','namespace':'garden-dev'},'spec':{'bucketName':'bucket','seedName':'seed'}}");
    static final ObjectNode SHOOT_STATE = json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'ShootState',"
            + "'metadata':{'name':'shoot','namespace':'garden-dev'},'spec':{'gardener':[{'name':'ca','type':'secret'}],"
            + "'extensions':[{'kind':'Infrastructure','purpose':'normal'}],'resources':[{'apiVersion':'v1',"
            + "'kind':'Secret','name':'s'}]}}");

    static Stream<ObjectNode> examples() {
        return Stream.of(
                QUOTA, SECRET_BINDING, EXPOSURE_CLASS, INTERNAL_SECRET, BACKUP_BUCKET, BACKUP_ENTRY, SHOOT_STATE);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void examplesAreValid(ObjectNode obj) {
        assertValid(validate(obj));
        assertValid(validateUpdate(stored(obj), stored(obj)));
    }

    static Stream<Arguments> invalidCases() {
        return Stream.of(
                arg(
                        QUOTA,
                        invalid(
                                "quota lifetime",
                                set("spec.clusterLifetimeDays", 0),
                                "spec.clusterLifetimeDays",
                                INVALID)),
                arg(QUOTA, invalid("quota scope", set("spec.scope.kind", "Shoot"), "spec.scope", NOT_SUPPORTED)),
                arg(QUOTA, invalid("quota metric", set("spec.metrics.pods", "1"), "spec.metrics[pods]", INVALID)),
                arg(QUOTA, invalid("quota negative", set("spec.metrics.cpu", "-1"), "spec.metrics[cpu]", INVALID)),
                arg(QUOTA, invalid("quota namespace", remove("metadata.namespace"), "metadata.namespace", REQUIRED)),
                arg(SECRET_BINDING, invalid("secret name", remove("secretRef.name"), "secretRef.name", REQUIRED)),
                arg(
                        SECRET_BINDING,
                        invalid(
                                "secret namespace",
                                set("secretRef.namespace", "Garden"),
                                "secretRef.namespace",
                                INVALID)),
                arg(
                        SECRET_BINDING,
                        invalid("quota name", set("quotas", "[{'namespace':'garden'}]"), "quotas[0].name", REQUIRED)),
                arg(EXPOSURE_CLASS, invalid("handler label", set("handler", "Internet"), "handler", INVALID)),
                arg(EXPOSURE_CLASS, invalid("handler length", set("handler", "a".repeat(35)), "handler", INVALID)),
                arg(
                        EXPOSURE_CLASS,
                        invalid(
                                "seed selector",
                                set("scheduling.seedSelector.matchLabels", "{'a':'-'}"),
                                "scheduling.seedSelector.matchLabels",
                                INVALID)),
                arg(
                        EXPOSURE_CLASS,
                        invalid(
                                "toleration key",
                                set("scheduling.tolerations", "[{'value':'x'}]"),
                                "scheduling.tolerations[0].key",
                                REQUIRED)),
                arg(INTERNAL_SECRET, invalid("data key", set("data", "{'a b':'Zm9v'}"), "data[a b]", INVALID)),
                arg(INTERNAL_SECRET, invalid("tls keys", set("type", "kubernetes.io/tls"), "data[tls.crt]", REQUIRED)),
                arg(
                        INTERNAL_SECRET,
                        invalid(
                                "service account name",
                                set("type", "kubernetes.io/service-account-token"),
                                "metadata.annotations[kubernetes.io/service-account.name]",
                                REQUIRED)),
                arg(
                        INTERNAL_SECRET,
                        invalid(
                                "dockercfg json",
                                o -> {
                                    set("type", "kubernetes.io/dockerconfigjson")
                                            .accept(o);
                                    set("data", "{'.dockerconfigjson':'bm9wZQ=='}")
                                            .accept(o);
                                },
                                "data[.dockerconfigjson]",
                                INVALID)),
                arg(
                        BACKUP_BUCKET,
                        invalid("bucket provider type", remove("spec.provider.type"), "spec.provider.type", INVALID)),
                arg(
                        BACKUP_BUCKET,
                        invalid("bucket region", remove("spec.provider.region"), "spec.provider.region", INVALID)),
                arg(BACKUP_BUCKET, invalid("bucket no placement", remove("spec.seedName"), "spec.seedName", INVALID)),
                arg(
                        BACKUP_BUCKET,
                        invalid(
                                "bucket both placements",
                                set(
                                        "spec.shootRef",
                                        "{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Shoot','name':'s','namespace':'n'}"),
                                "spec.seedName",
                                INVALID)),
                arg(
                        BACKUP_BUCKET,
                        invalid(
                                "bucket shoot kind",
                                o -> {
                                    remove("spec.seedName").accept(o);
                                    set(
                                                    "spec.shootRef",
                                                    "{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Seed','name':'s',"
                                                            + "'namespace':'n'}")
                                            .accept(o);
                                },
                                "spec.shootRef.kind",
                                FORBIDDEN)),
                arg(
                        BACKUP_BUCKET,
                        invalid("bucket credentials", remove("spec.credentialsRef"), "spec.credentialsRef", REQUIRED)),
                arg(
                        BACKUP_BUCKET,
                        invalid(
                                "bucket credentials kind",
                                set("spec.credentialsRef.kind", "ConfigMap"),
                                "spec.credentialsRef",
                                NOT_SUPPORTED)),
                arg(BACKUP_BUCKET, invalid("bucket name label", set("metadata.name", "a.b"), "metadata.name", INVALID)),
                arg(BACKUP_ENTRY, invalid("entry bucket", remove("spec.bucketName"), "spec.bucketName", INVALID)),
                arg(BACKUP_ENTRY, invalid("entry empty seed", set("spec.seedName", ""), "spec.seedName", INVALID)),
                arg(
                        BACKUP_ENTRY,
                        invalid(
                                "entry foreign shoot",
                                o -> {
                                    remove("spec.seedName").accept(o);
                                    set(
                                                    "spec.shootRef",
                                                    "{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Shoot','name':'s',"
                                                            + "'namespace':'garden-other'}")
                                            .accept(o);
                                },
                                "spec.shootRef.namespace",
                                FORBIDDEN)),
                arg(
                        SHOOT_STATE,
                        invalid("state data name", set("spec.gardener[0].name", ""), "spec.gardener[0].name", INVALID)),
                arg(
                        SHOOT_STATE,
                        invalid("state kind", set("spec.extensions[0].kind", ""), "spec.extensions[0].kind", INVALID)),
                arg(
                        SHOOT_STATE,
                        invalid(
                                "state purpose",
                                set("spec.extensions[0].purpose", ""),
                                "spec.extensions[0].purpose",
                                INVALID)),
                arg(
                        SHOOT_STATE,
                        invalid(
                                "state resource kind",
                                set("spec.resources[0].kind", "Pod"),
                                "spec.resources[0]",
                                NOT_SUPPORTED)),
                arg(
                        SHOOT_STATE,
                        invalid(
                                "state extension resources",
                                set(
                                        "spec.extensions[0].resources",
                                        "[{'name':'a','resourceRef':{'apiVersion':'v1','kind':'Secret','name':'x'}},"
                                                + "{'name':'a','resourceRef':{'apiVersion':'v1','kind':'Secret','name':'y'}}]"),
                                "spec.resources[1].name",
                                DUPLICATE)));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalidCases")
    void rejects(ObjectNode base, Case c) {
        assertHasError(validate(edited(base, c.edit())), c.field(), c.type());
    }

    static Stream<Arguments> immutableCases() {
        return Stream.of(
                Arguments.of(QUOTA, set("spec.scope", "{'apiVersion':'v1','kind':'Secret'}"), "spec.scope"),
                Arguments.of(SECRET_BINDING, set("secretRef.name", "other"), "secretRef"),
                Arguments.of(SECRET_BINDING, set("quotas", "[{'name':'q','namespace':'garden'}]"), "quotas"),
                Arguments.of(SECRET_BINDING, set("provider.type", "other"), "provider"),
                Arguments.of(EXPOSURE_CLASS, set("handler", "other"), "handler"),
                Arguments.of(EXPOSURE_CLASS, set("scheduling.seedSelector.matchLabels.foo", "baz"), "scheduling"),
                Arguments.of(INTERNAL_SECRET, set("type", "other"), "type"),
                Arguments.of(BACKUP_BUCKET, set("spec.provider.region", "eu-2"), "spec.provider"),
                Arguments.of(BACKUP_BUCKET, set("spec.seedName", "other"), "spec.seedName"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("immutableCases")
    void immutable(ObjectNode base, java.util.function.Consumer<ObjectNode> edit, String field) {
        List<FieldError> errs = validateUpdate(stored(edited(base, edit)), stored(base));
        assertThat(errs)
                .as(ValidationCases.render(errs))
                .anyMatch(e -> e.field().equals(field)
                        && e.type() == INVALID
                        && e.detail().equals("field is immutable"));
    }

    @Test
    void immutableSecretDataCannotChange() {
        ObjectNode old = edited(INTERNAL_SECRET, set("immutable", true));
        assertHasError(
                validateUpdate(stored(edited(old, set("data.password", "YmFy"))), stored(old)), "data", FORBIDDEN);
        assertHasError(
                validateUpdate(stored(edited(old, set("immutable", false))), stored(old)), "immutable", FORBIDDEN);
    }

    /** Go unmarshals the docker config into a map: JSON {@code null} is accepted, as an object is. */
    @Test
    void aNullDockerConfigIsValidJsonForGo() {
        ObjectNode secret = edited(INTERNAL_SECRET, o -> {
            set("type", "kubernetes.io/dockerconfigjson").accept(o);
            set("data", "{'.dockerconfigjson':'bnVsbA=='}").accept(o);
        });

        assertThat(validate(secret)).isEmpty();
    }

    @Test
    void quotaMetricMessage() {
        List<FieldError> errs = validate(edited(QUOTA, set("spec.metrics.pods", "1")));
        assertThat(errs)
                .extracting(FieldError::toString)
                .contains("spec.metrics[pods]: Invalid value: \"1\": pods is no supported quota metric");
    }
}
