package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.arg;
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
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;

import cloud.gardener.apiserver.admission.validation.core.ValidationCases.Case;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** CloudProfile and NamespacedCloudProfile. */
class CloudProfileValidatorTest {

    static final ObjectNode PROFILE = example("30-cloudprofile.yaml");
    static final ObjectNode NAMESPACED = example("35-namespacedcloudprofile.yaml");

    @Test
    void examplesAreValid() {
        assertValid(validate(PROFILE));
        assertValid(validateUpdate(stored(PROFILE), stored(PROFILE)));
        assertValid(validate(NAMESPACED));
        assertValid(validateUpdate(stored(NAMESPACED), stored(NAMESPACED)));
    }

    static Stream<Arguments> invalidCases() {
        return Stream.of(
                arg(PROFILE, invalid("type", remove("spec.type"), "spec.type", REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "no versions",
                                set("spec.kubernetes.versions", "[]"),
                                "spec.kubernetes.versions",
                                REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "version format",
                                set("spec.kubernetes.versions[0]", "{'version':'1.35'}"),
                                "spec.kubernetes.versions[0]",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "duplicate version",
                                set("spec.kubernetes.versions[1]", "{'version':'1.35.4'}"),
                                "spec.kubernetes.versions[1].version",
                                DUPLICATE)),
                arg(
                        PROFILE,
                        invalid(
                                "latest version expires",
                                set("spec.kubernetes.versions[0].expirationDate", "2030-01-01T00:00:00Z"),
                                "spec.kubernetes.versions[].expirationDate",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "classification",
                                set("spec.kubernetes.versions[1].classification", "old"),
                                "spec.kubernetes.versions[1].classification",
                                NOT_SUPPORTED)),
                arg(
                        PROFILE,
                        invalid(
                                "expired classification",
                                set("spec.kubernetes.versions[1].classification", "expired"),
                                "spec.kubernetes.versions[1].classification",
                                FORBIDDEN)),
                arg(
                        PROFILE,
                        invalid(
                                "lifecycle behind gate",
                                set("spec.kubernetes.versions[1].lifecycle", "[{'classification':'preview'}]"),
                                "spec.kubernetes.versions[1].lifecycle",
                                FORBIDDEN)),
                arg(
                        PROFILE,
                        invalid(
                                "two supported per minor",
                                o -> {
                                    set(
                                                    "spec.kubernetes.versions[2]",
                                                    "{'version':'1.34.8','classification':'supported'}")
                                            .accept(o);
                                    set("spec.kubernetes.versions[1].classification", "supported")
                                            .accept(o);
                                },
                                "spec.kubernetes.versions[1]",
                                FORBIDDEN)),
                arg(
                        PROFILE,
                        invalid("no machine images", set("spec.machineImages", "[]"), "spec.machineImages", REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "image name",
                                set("spec.machineImages[0].name", "garden/linux"),
                                "spec.machineImages[0].name",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "duplicate image",
                                set("spec.machineImages[1].name", "gardenlinux"),
                                "spec.machineImages[1]",
                                DUPLICATE)),
                arg(
                        PROFILE,
                        invalid(
                                "image without versions",
                                set("spec.machineImages[1].versions", "[]"),
                                "spec.machineImages[1].versions",
                                REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "image version semver",
                                set("spec.machineImages[1].versions[0].version", "abc"),
                                "spec.machineImages[1].versions[0].version",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "update strategy",
                                set("spec.machineImages[0].updateStrategy", "always"),
                                "spec.machineImages[0].updateStrategy",
                                NOT_SUPPORTED)),
                arg(
                        PROFILE,
                        invalid(
                                "cri name",
                                set("spec.machineImages[1].versions[0].cri", "[{'name':'docker'}]"),
                                "spec.machineImages[1].versions[0].cri[0].name",
                                NOT_SUPPORTED)),
                arg(
                        PROFILE,
                        invalid(
                                "architecture",
                                set("spec.machineImages[1].versions[0].architectures", "['x86']"),
                                "spec.machineImages[1].versions[0].architectures[0]",
                                NOT_SUPPORTED)),
                arg(
                        PROFILE,
                        invalid(
                                "kubelet constraint",
                                set("spec.machineImages[1].versions[0].kubeletVersionConstraint", "!!"),
                                "spec.machineImages[1].versions[0].kubeletVersionConstraint",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid("no machine types", set("spec.machineTypes", "[]"), "spec.machineTypes", REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "machine type cpu",
                                set("spec.machineTypes[0].cpu", "-2"),
                                "spec.machineTypes[0].cpu",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "machine type architecture",
                                set("spec.machineTypes[0].architecture", "s390"),
                                "spec.machineTypes[0].architecture",
                                NOT_SUPPORTED)),
                arg(
                        PROFILE,
                        invalid(
                                "machine type capabilities without definitions",
                                set("spec.machineTypes[0].capabilities", "{'architecture':['amd64']}"),
                                "spec.machineTypes[0].capabilities",
                                FORBIDDEN)),
                arg(
                        PROFILE,
                        invalid(
                                "machine type architecture conflicting with its capability",
                                o -> {
                                    set(
                                                    "spec.machineCapabilities",
                                                    "[{'name':'architecture','values':['amd64','arm64']}]")
                                            .accept(o);
                                    set("spec.machineTypes[0].architecture", "amd64")
                                            .accept(o);
                                    set("spec.machineTypes[0].capabilities", "{'architecture':['arm64']}")
                                            .accept(o);
                                },
                                "spec.machineTypes[0].architecture",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "no Kubernetes version to be the latest",
                                set("spec.kubernetes.versions", "[]"),
                                "spec.kubernetes.versions",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "machine type storage",
                                set("spec.machineTypes[0].storage", "{'class':'x'}"),
                                "spec.machineTypes[0].storage",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "volume class",
                                remove("spec.volumeTypes[0].class"),
                                "spec.volumeTypes[0].class",
                                REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "duplicate volume type",
                                set("spec.volumeTypes[1].name", "gp3"),
                                "spec.volumeTypes[1].name",
                                DUPLICATE)),
                arg(PROFILE, invalid("no regions", set("spec.regions", "[]"), "spec.regions", REQUIRED)),
                arg(PROFILE, invalid("region name", set("spec.regions[0].name", ""), "spec.regions[0].name", REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "duplicate zone",
                                set("spec.regions[0].zones[1].name", "europe-central-1a"),
                                "spec.regions[0].zones[1].name",
                                DUPLICATE)),
                arg(
                        PROFILE,
                        invalid(
                                "region labels",
                                set("spec.regions[0].labels", "{'a':'-'}"),
                                "spec.regions[0].labels",
                                INVALID)),
                arg(PROFILE, invalid("bastion empty", set("spec.bastion", "{}"), "spec.bastion", INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "bastion machine type",
                                set("spec.bastion", "{'machineType':{'name':'x'}}"),
                                "spec.bastion.machineType.name",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "bastion image not supported",
                                set("spec.bastion", "{'machineImage':{'name':'ubuntu'}}"),
                                "spec.bastion.machineImage.name",
                                INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "limits",
                                set("spec.limits", "{'maxNodesTotal':0}"),
                                "spec.limits.maxNodesTotal",
                                INVALID)),
                arg(PROFILE, invalid("ca bundle", set("spec.caBundle", "nope"), "spec.caBundle", INVALID)),
                arg(
                        PROFILE,
                        invalid(
                                "capabilities without architecture",
                                set("spec.machineCapabilities", "[{'name':'gpu','values':['a']}]"),
                                "spec.machineCapabilities.architecture",
                                REQUIRED)),
                arg(
                        PROFILE,
                        invalid(
                                "reserved capability",
                                set(
                                        "spec.machineCapabilities",
                                        "[{'name':'architecture','values':['amd64']},{'name':'gardener-x','values':['a']}]"),
                                "spec.machineCapabilities[1].name",
                                FORBIDDEN)),
                arg(
                        NAMESPACED,
                        invalid(
                                "parent kind",
                                set("spec.parent.kind", "NamespacedCloudProfile"),
                                "spec.parent.kind",
                                NOT_SUPPORTED)),
                arg(NAMESPACED, invalid("parent name", remove("spec.parent.name"), "spec.parent.name", REQUIRED)),
                arg(
                        NAMESPACED,
                        invalid(
                                "classification",
                                set("spec.kubernetes.versions[0].classification", "preview"),
                                "spec.kubernetes.versions[0].classification",
                                FORBIDDEN)),
                arg(
                        NAMESPACED,
                        invalid(
                                "version format",
                                set("spec.kubernetes.versions[0].version", "1.34"),
                                "spec.kubernetes.versions[0]",
                                INVALID)),
                arg(
                        NAMESPACED,
                        invalid(
                                "machine type name",
                                set("spec.machineTypes[0].name", ""),
                                "spec.machineTypes[0].name",
                                REQUIRED)),
                arg(NAMESPACED, invalid("namespace", remove("metadata.namespace"), "metadata.namespace", REQUIRED)));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalidCases")
    void rejects(ObjectNode base, Case c) {
        assertHasError(validate(edited(base, c.edit())), c.field(), c.type());
    }

    @Test
    void maxNodesTotalCannotDecrease() {
        ObjectNode old = edited(PROFILE, set("spec.limits", "{'maxNodesTotal':10}"));
        ObjectNode changed = edited(PROFILE, set("spec.limits", "{'maxNodesTotal':5}"));
        assertHasError(validateUpdate(stored(changed), stored(old)), "spec.limits.maxNodesTotal", INVALID);
        assertValid(validateUpdate(stored(old), stored(changed)));
    }

    @Test
    void namespacedParentIsImmutable() {
        ObjectNode changed = edited(NAMESPACED, set("spec.parent.name", "other"));
        assertHasError(validateUpdate(stored(changed), stored(NAMESPACED)), "spec.parent", INVALID);
    }
}
