package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.CRI;
import cloud.gardener.apiserver.api.core.v1beta1.ContainerRuntime;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.LifecycleStage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.MachineTypeStorage;
import cloud.gardener.apiserver.api.core.v1beta1.VolumeType;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.io.ByteArrayInputStream;
import java.security.cert.CertificateFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.semver4j.Semver;

/**
 * The CloudProfile rules that NamespacedCloudProfiles share (versions, lifecycles, machine images and types,
 * volume types), from {@code utils.go} and {@code cloudprofile.go}. Capabilities are a name to values map.
 */
final class CloudProfileRules {

    static final List<String> CLASSIFICATIONS = List.of("deprecated", "expired", "preview", "supported");
    static final List<String> LIFECYCLE_ORDER = List.of("unavailable", "preview", "supported", "deprecated", "expired");
    static final List<String> UPDATE_STRATEGIES = List.of("major", "minor", "patch");
    static final List<String> ARCHITECTURES = List.of("amd64", "arm64");
    static final List<String> CRI_NAMES = List.of("containerd");
    static final String ARCHITECTURE = MachineCapabilities.ARCHITECTURE;
    static final Pattern K8S_VERSION = Pattern.compile("^([0-9]+\\.){2}[0-9]+$");
    /** The VersionClassificationLifecycle feature gate (alpha, off by default). */
    static final boolean LIFECYCLE_GATE = false;

    private CloudProfileRules() {}

    /** {@code validateKubernetesVersions}: the format and uniqueness of each version, and its classification. */
    static List<FieldError> kubernetesVersions(List<ExpirableVersion> versions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> found = new HashSet<>();
        List<ExpirableVersion> vs = list(versions);
        for (int i = 0; i < vs.size(); i++) {
            ExpirableVersion v = vs.get(i);
            FieldPath idx = path.child("versions").index(i);
            if (!K8S_VERSION.matcher(text(v.version())).matches()) {
                errs.add(FieldError.invalid(
                        idx.toString(),
                        CoreRules.tree(v),
                        "all Kubernetes versions must match the regex " + K8S_VERSION.pattern()));
            } else if (!found.add(v.version())) {
                errs.add(FieldError.duplicate(idx.child("version").toString(), v.version()));
            }
            errs.addAll(expirableVersion(v, idx));
        }
        return errs;
    }

    /** {@code validateExpirableVersion}. */
    static List<FieldError> expirableVersion(ExpirableVersion v, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<LifecycleStage> lifecycle = list(v.lifecycle());
        if (!lifecycle.isEmpty() && !LIFECYCLE_GATE) {
            errs.add(FieldError.forbidden(
                    path.child("lifecycle").toString(),
                    "lifecycles are not allowed with disabled VersionClassificationLifecycle feature gate"));
            return errs;
        }
        if (v.classification() != null && !CLASSIFICATIONS.contains(v.classification())) {
            errs.add(FieldError.notSupported(
                    path.child("classification").toString(), v.classification(), CLASSIFICATIONS));
        }
        if (v.lifecycle() == null && "expired".equals(v.classification())) {
            errs.add(FieldError.forbidden(
                    path.child("classification").toString(), "cannot specify `classification` expired"));
        }
        if ((v.classification() != null || v.expirationDate() != null) && !lifecycle.isEmpty()) {
            errs.add(FieldError.forbidden(
                    path.toString(),
                    "cannot specify `classification` or `expirationDate` in combination with `lifecycle`"));
        }
        FieldPath lp = path.child("lifecycle");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < lifecycle.size(); i++) {
            String c = text(lifecycle.get(i).classification());
            if (!CLASSIFICATIONS.contains(c)) {
                errs.add(FieldError.notSupported(
                        lp.index(i).child("classification").toString(), c, CLASSIFICATIONS));
            }
        }
        for (int i = 0; i < lifecycle.size(); i++) {
            String c = text(lifecycle.get(i).classification());
            if (!seen.add(c)) {
                errs.add(
                        FieldError.duplicate(lp.index(i).child("classification").toString(), c));
            }
        }
        for (int i = 1; i < lifecycle.size(); i++) {
            String prev = text(lifecycle.get(i - 1).classification());
            String cur = text(lifecycle.get(i).classification());
            if (LIFECYCLE_ORDER.indexOf(prev) > LIFECYCLE_ORDER.indexOf(cur)) {
                errs.add(FieldError.invalid(
                        lp.index(i).child("classification").toString(),
                        cur,
                        "lifecycle classifications not in expected order (preview, supported, deprecated, expired): "
                                + cur + " must be before " + prev));
            }
        }
        Instant previous = null;
        for (int i = 0; i < lifecycle.size(); i++) {
            Time start = lifecycle.get(i).startTime();
            if (previous == null) {
                previous = start == null ? Time.ZERO.instant() : start.instant();
                continue;
            }
            if (start == null) {
                errs.add(FieldError.required(
                        lp.index(i).toString(),
                        "only the leading lifecycle elements can have the start time optional"));
                continue;
            }
            if (start.instant().isBefore(previous)) {
                errs.add(FieldError.invalid(
                        lp.index(i).toString(),
                        start.toString(),
                        "lifecycle start times must be monotonically increasing"));
            }
            previous = start.instant();
        }
        return errs;
    }

    /** {@code helper.CurrentLifecycleClassification} now. */
    static String currentClassification(ExpirableVersion v) {
        return VersionLifecycle.classification(v, Instant.now());
    }

    /** {@code helper.DetermineLatestExpirableVersion}: the highest version, or null when one does not parse. */
    static ExpirableVersion latest(List<ExpirableVersion> versions) {
        Semver best = null;
        ExpirableVersion latest = null;
        for (ExpirableVersion v : list(versions)) {
            Semver s = GoSemver.parse(v.version());
            if (s == null) {
                return null;
            }
            if (best == null || s.isGreaterThan(best)) {
                best = s;
                latest = v;
            }
        }
        return latest;
    }

    /** {@code validateSupportedVersionsConfiguration}: one supported version per minor. */
    static List<FieldError> supportedVersions(ExpirableVersion v, List<ExpirableVersion> all, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (v.classification() == null || !"supported".equals(currentClassification(v))) {
            return errs;
        }
        Semver current = GoSemver.parse(v.version());
        if (current == null) {
            return errs;
        }
        for (ExpirableVersion other : all) {
            boolean supported = "supported".equals(other.classification())
                    || list(other.lifecycle()).stream().anyMatch(s -> "supported".equals(s.classification()));
            Semver o = GoSemver.parse(other.version());
            if (!supported) {
                continue;
            }
            if (o == null) {
                return errs;
            }
            if (o.isEqualTo(current) || o.getMajor() != current.getMajor() || o.getMinor() != current.getMinor()) {
                continue;
            }
            // without lifecycles (the gate is off) two supported versions of one minor always overlap
            errs.add(
                    FieldError.forbidden(
                            path.toString(),
                            "unable to add version \"" + v.version()
                                    + "\" with classification \"supported\". \"supported\" lifecycle stages must not overlap per minor version"));
        }
        return errs;
    }

    /** {@code ValidateMachineImages}. */
    static List<FieldError> machineImages(
            List<MachineImage> images,
            Map<String, List<String>> capabilities,
            FieldPath path,
            boolean allowEmptyVersions) {
        List<FieldError> errs = new ArrayList<>();
        if (list(images).isEmpty()) {
            return errs;
        }
        for (MachineImage image : images) {
            if (!list(image.versions()).isEmpty() && latest(expirable(image)) == null) {
                errs.add(FieldError.invalid(
                        path.toString(),
                        null,
                        "failed to determine latest machine image version " + "for image '" + text(image.name())
                                + "': error while parsing expirable version"));
                break;
            }
        }
        Set<String> names = new HashSet<>();
        Set<String> nameVersions = new HashSet<>();
        for (int i = 0; i < images.size(); i++) {
            errs.addAll(
                    machineImage(images.get(i), capabilities, names, nameVersions, allowEmptyVersions, path.index(i)));
        }
        return errs;
    }

    /** {@code ValidateMachineImage}: one image, with the names and name-versions seen so far. */
    static List<FieldError> machineImage(
            MachineImage image,
            Map<String, List<String>> capabilities,
            Set<String> names,
            Set<String> nameVersions,
            boolean allowEmptyVersions,
            FieldPath idx) {
        List<FieldError> errs = new ArrayList<>();
        String name = text(image.name());
        if (!names.add(name)) {
            errs.add(FieldError.duplicate(idx.toString(), name));
        }
        if (name.isEmpty()) {
            errs.add(FieldError.required(idx.child("name").toString(), "machine image name must not be empty"));
        } else {
            qualifiedName(name, "machine image name", idx.child("name"), errs);
        }
        if (list(image.versions()).isEmpty() && !allowEmptyVersions) {
            errs.add(FieldError.required(
                    idx.child("versions").toString(),
                    "must provide at least one version for the machine image '" + name + "'"));
        }
        if (image.updateStrategy() != null && !UPDATE_STRATEGIES.contains(image.updateStrategy())) {
            errs.add(FieldError.notSupported(
                    idx.child("updateStrategy").toString(), image.updateStrategy(), UPDATE_STRATEGIES));
        }
        List<MachineImageVersion> versions = list(image.versions());
        for (int j = 0; j < versions.size(); j++) {
            errs.addAll(machineImageVersion(
                    name,
                    versions.get(j),
                    capabilities,
                    nameVersions,
                    idx.child("versions").index(j)));
        }
        return errs;
    }

    /**
     * {@code ValidateCloudProfileMachineImages} on a spec as it is, without v1beta1 defaults in view (a
     * NamespacedCloudProfile's simulated status holds the namespaced profile's images undefaulted).
     */
    static List<FieldError> cloudProfileMachineImages(
            List<MachineImage> images, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<MachineImage> is = list(images);
        if (is.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must provide at least one machine image"));
        }
        errs.addAll(machineImages(is, capabilities, path, false));
        for (int i = 0; i < is.size(); i++) {
            MachineImage image = is.get(i);
            FieldPath idx = path.index(i);
            if (image.updateStrategy() == null) {
                errs.add(
                        FieldError.required(idx.child("updateStrategy").toString(), "must provide an update strategy"));
            }
            List<MachineImageVersion> versions = list(image.versions());
            for (int j = 0; j < versions.size(); j++) {
                errs.addAll(machineImageAdditionalConfig(
                        versions.get(j), idx.child("versions").index(j), image, capabilities));
            }
        }
        return errs;
    }

    /**
     * {@code ValidateMachineImageAdditionalConfig} on a version as it is: container runtimes, one supported
     * version per minor, the lifecycle, and without capabilities at least one architecture and no flavors.
     */
    static List<FieldError> machineImageAdditionalConfig(
            MachineImageVersion mv, FieldPath path, MachineImage image, Map<String, List<String>> capabilities) {
        List<FieldError> errs = new ArrayList<>(containerRuntimeInterfaces(list(mv.cri()), path.child("cri")));
        errs.addAll(supportedVersions(version(mv), expirable(image), path));
        errs.addAll(expirableVersion(version(mv), path));
        if (capabilities.isEmpty()) {
            if (list(mv.architectures()).isEmpty()) {
                errs.add(FieldError.required(
                        path.child("architectures").toString(), "must provide at least one architecture"));
            }
            if (!list(mv.capabilityFlavors()).isEmpty()) {
                errs.add(FieldError.forbidden(
                        path.child("capabilityFlavors").toString(),
                        "must not provide capabilities without global definition"));
            }
        }
        return errs;
    }

    /** {@code validateContainerRuntimesInterfaces}. */
    static List<FieldError> containerRuntimeInterfaces(List<CRI> cris, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (cris.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must provide at least one supported container runtime"));
            return errs;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < cris.size(); i++) {
            CRI cri = cris.get(i);
            FieldPath p = path.index(i);
            String name = text(cri.name());
            if (!seen.add(name)) {
                errs.add(FieldError.duplicate(p.toString(), name));
            }
            if (!CRI_NAMES.contains(name)) {
                errs.add(FieldError.notSupported(p.child("name").toString(), name, CRI_NAMES));
            }
            Set<String> types = new HashSet<>();
            List<ContainerRuntime> runtimes = runtimes(cri);
            for (int j = 0; j < runtimes.size(); j++) {
                String type = text(runtimes.get(j).type());
                FieldPath tp = p.child("containerRuntimes").index(j).child("type");
                qualifiedName(type, "container runtime type", tp, errs);
                if (!types.add(type)) {
                    errs.add(FieldError.duplicate(tp.toString(), type));
                }
            }
        }
        return errs;
    }

    /** {@code ValidateMachineImageVersion}. */
    static List<FieldError> machineImageVersion(
            String imageName,
            MachineImageVersion mv,
            Map<String, List<String>> capabilities,
            Set<String> nameVersions,
            FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String version = text(version(mv).version());
        String key = imageName + "-" + version;
        if (!nameVersions.add(key)) {
            errs.add(FieldError.duplicate(path.toString(), key));
        }
        if (version.isEmpty()) {
            errs.add(FieldError.required(path.child("version").toString(), version));
        }
        if (GoSemver.parse(version) == null) {
            errs.add(
                    FieldError.invalid(
                            path.child("version").toString(),
                            version,
                            "could not parse version. Use a "
                                    + "semantic version. In case there is no semantic version for this image use the extensibility "
                                    + "provider (define mapping in the CloudProfile) to map to the actual non semantic version"));
        }
        if (mv.inPlaceUpdates() != null
                && mv.inPlaceUpdates().minVersionForUpdate() != null
                && GoSemver.parse(mv.inPlaceUpdates().minVersionForUpdate()) == null) {
            errs.add(FieldError.invalid(
                    path.child("minVersionForInPlaceUpdate").toString(),
                    mv.inPlaceUpdates().minVersionForUpdate(),
                    "could not parse version. Use a semantic version."));
        }
        errs.addAll(imageArchitectures(mv, capabilities, path));
        if (!capabilities.isEmpty()) {
            List<MachineImageFlavor> flavors = list(mv.capabilityFlavors());
            for (int i = 0; i < flavors.size(); i++) {
                errs.addAll(capabilityValues(
                        flavorMap(flavors.get(i)),
                        capabilities,
                        path.child("capabilityFlavors").index(i)));
            }
        }
        if (mv.kubeletVersionConstraint() != null) {
            String problem = GoSemver.constraintError(mv.kubeletVersionConstraint());
            if (problem != null) {
                errs.add(FieldError.invalid(
                        path.child("kubeletVersionConstraint").toString(),
                        mv.kubeletVersionConstraint(),
                        "cannot parse the kubeletVersionConstraint: " + problem));
            }
        }
        return errs;
    }

    private static List<FieldError> imageArchitectures(
            MachineImageVersion mv, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<String> supported = ARCHITECTURES;
        List<MachineImageFlavor> flavors = list(mv.capabilityFlavors());
        if (!capabilities.isEmpty()) {
            supported = list(capabilities.get(ARCHITECTURE));
            if (supported.size() > 1 && flavors.isEmpty()) {
                errs.add(FieldError.required(
                        path.child("capabilityFlavors").toString(),
                        "must provide at least one image flavor when multiple architectures are defined in "
                                + "spec.machineCapabilities"));
                return errs;
            }
            Set<String> flavorArchitectures = new LinkedHashSet<>();
            for (int i = 0; i < flavors.size(); i++) {
                List<String> archs = list(flavorMap(flavors.get(i)).get(ARCHITECTURE));
                FieldPath ap = path.child("capabilityFlavors").index(i).child(ARCHITECTURE);
                if (archs.isEmpty() && supported.size() > 1) {
                    errs.add(FieldError.required(
                            ap.toString(),
                            "must specify one architecture explicitly as multiple "
                                    + "architectures are defined in spec.machineCapabilities"));
                } else if (archs.size() > 1) {
                    errs.add(FieldError.invalid(
                            ap.toString(),
                            CoreRules.tree(archs),
                            "must not define more than one architecture within an image flavor"));
                }
                flavorArchitectures.addAll(archs);
            }
            if (flavorArchitectures.isEmpty() && supported.size() == 1) {
                flavorArchitectures.addAll(supported);
            }
            List<String> declared = list(mv.architectures());
            if (!declared.isEmpty() && !flavorArchitectures.containsAll(declared)) {
                errs.add(FieldError.invalid(
                        path.child("architectures").toString(),
                        CoreRules.tree(declared),
                        "architecture field values set (" + String.join(",", declared) + ") conflict with the "
                                + "capability architectures (" + String.join(",", flavorArchitectures) + ")"));
            }
        }
        List<String> declared = architectures(mv, capabilities);
        for (int i = 0; i < declared.size(); i++) {
            if (!supported.contains(declared.get(i))) {
                errs.add(FieldError.notSupported(
                        path.child("architectures").index(i).toString(), declared.get(i), supported));
            }
        }
        return errs;
    }

    /** Capability values of a machine type or image flavor against the profile's definitions. */
    static List<FieldError> capabilityValues(
            Map<String, List<String>> values, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : new java.util.TreeMap<>(values).entrySet()) {
            List<String> supported = capabilities.get(e.getKey());
            if (supported == null) {
                errs.add(FieldError.notSupported(path.toString(), e.getKey(), capabilities.keySet()));
                continue;
            }
            List<String> vs = list(e.getValue());
            for (int i = 0; i < vs.size(); i++) {
                if (!supported.contains(vs.get(i))) {
                    errs.add(FieldError.notSupported(
                            path.child(e.getKey()).index(i).toString(), vs.get(i), supported));
                }
            }
        }
        return errs;
    }

    /** An unprefixed qualified name, else "{@code <what> must be a qualified name: [problems]}" at the path. */
    private static void qualifiedName(String value, String what, FieldPath path, List<FieldError> errs) {
        List<String> problems = CoreRules.unprefixedQualifiedName(value);
        if (!problems.isEmpty()) {
            errs.add(FieldError.invalid(
                    path.toString(), value, what + " must be a qualified name: " + CoreRules.goList(problems)));
        }
    }

    /**
     * The name rules machine and volume types share: required, a qualified name, unique. Answers whether the
     * name is new (the callers stop at a duplicate, each as Go does).
     */
    private static boolean typeName(String name, String noun, FieldPath idx, Set<String> seen, List<FieldError> errs) {
        if (name.isEmpty()) {
            errs.add(FieldError.required(idx.child("name").toString(), "must provide a name"));
        } else {
            qualifiedName(name, noun + " name", idx.child("name"), errs);
        }
        if (!seen.add(name)) {
            errs.add(FieldError.duplicate(idx.child("name").toString(), name));
            return false;
        }
        return true;
    }

    /** {@code validateMachineTypes}. */
    static List<FieldError> machineTypes(
            List<MachineType> types, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<MachineType> ts = list(types);
        for (int i = 0; i < ts.size(); i++) {
            MachineType t = ts.get(i);
            FieldPath idx = path.index(i);
            if (!typeName(text(t.name()), "machine type", idx, names, errs)) {
                continue;
            }
            errs.addAll(CoreRules.resourceQuantityValue("cpu", t.cpu(), idx.child("cpu")));
            errs.addAll(CoreRules.resourceQuantityValue("gpu", t.gpu(), idx.child("gpu")));
            errs.addAll(CoreRules.resourceQuantityValue("memory", t.memory(), idx.child("memory")));
            errs.addAll(machineTypeArchitecture(t, capabilities, idx));
            if (!capabilities.isEmpty()) {
                errs.addAll(capabilityValues(CoreRules.map(t.capabilities()), capabilities, idx.child("capabilities")));
            }
            if (t.storage() != null) {
                errs.addAll(storage(t.storage(), idx.child("storage")));
            }
        }
        return errs;
    }

    private static List<FieldError> machineTypeArchitecture(
            MachineType t, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        // the type's own field, not the one derived from capabilities, as validateMachineTypeArchitecture
        String arch = text(t.architecture());
        if (!capabilities.isEmpty()) {
            List<String> values = list(CoreRules.map(t.capabilities()).get(ARCHITECTURE));
            if (values.size() > 1) {
                errs.add(FieldError.invalid(
                        path.child("capabilities.architecture").toString(),
                        CoreRules.tree(values),
                        "must not define more than one architecture"));
            }
            if (values.size() == 1 && !arch.isEmpty() && !arch.equals(values.get(0))) {
                errs.add(FieldError.invalid(
                        path.child(ARCHITECTURE).toString(),
                        values.get(0),
                        "machine type " + "architecture (" + arch + ") conflicts with the capability architecture ("
                                + values.get(0) + ")"));
            }
        }
        if (!arch.isEmpty() && !ARCHITECTURES.contains(arch)) {
            errs.add(FieldError.notSupported(path.child(ARCHITECTURE).toString(), arch, ARCHITECTURES));
        }
        return errs;
    }

    private static List<FieldError> storage(MachineTypeStorage s, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (s.size() == null && s.minSize() == null) {
            errs.add(FieldError.invalid(
                    path.toString(), CoreRules.tree(s), "must either configure \"size\" or \"minSize\""));
            return errs;
        }
        if (s.size() != null && s.minSize() != null) {
            errs.add(FieldError.invalid(
                    path.toString(), CoreRules.tree(s), "not allowed to configure both \"size\" and \"minSize\""));
            return errs;
        }
        if (s.size() != null) {
            errs.addAll(CoreRules.resourceQuantityValue("size", s.size(), path.child("size")));
        }
        if (s.minSize() != null) {
            errs.addAll(CoreRules.resourceQuantityValue("minSize", s.minSize(), path.child("minSize")));
        }
        return errs;
    }

    /** {@code validateVolumeTypes}. */
    static List<FieldError> volumeTypes(List<VolumeType> types, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<VolumeType> ts = list(types);
        for (int i = 0; i < ts.size(); i++) {
            VolumeType t = ts.get(i);
            FieldPath idx = path.index(i);
            if (!typeName(text(t.name()), "volume type", idx, names, errs)) {
                break;
            }
            String cls = text(t.classValue());
            if (cls.isEmpty()) {
                errs.add(FieldError.required(idx.child("class").toString(), "must provide a class"));
            } else {
                qualifiedName(cls, "volume class", idx.child("class"), errs);
            }
            if (t.minSize() != null) {
                errs.addAll(CoreRules.resourceQuantityValue("minSize", t.minSize(), idx.child("minSize")));
            }
        }
        return errs;
    }

    /** {@code validateCloudProfileLimits}. */
    static List<FieldError> limits(Integer maxNodesTotal, FieldPath path) {
        if (maxNodesTotal != null && maxNodesTotal <= 0) {
            return List.of(FieldError.invalid(
                    path.child("maxNodesTotal").toString(), maxNodesTotal, "maxNodesTotal must be greater than 0"));
        }
        return List.of();
    }

    /** {@code utils.DecodeCertificate} succeeds: the first PEM block is an X.509 certificate. */
    static List<FieldError> caBundle(String caBundle, FieldPath path) {
        if (caBundle == null) {
            return List.of();
        }
        try {
            String begin = "-----BEGIN CERTIFICATE-----";
            int start = caBundle.indexOf(begin);
            int end = caBundle.indexOf("-----END CERTIFICATE-----", start);
            if (start < 0 || end < 0) {
                throw new IllegalArgumentException("no PEM block");
            }
            byte[] der = Base64.getMimeDecoder().decode(caBundle.substring(start + begin.length(), end));
            CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
            return List.of();
        } catch (Exception e) {
            return List.of(
                    FieldError.invalid(path.toString(), caBundle, "caBundle is not a valid PEM-encoded certificate"));
        }
    }

    // ------------------------------------------------------------------ v1beta1 defaults and accessors

    static ExpirableVersion version(MachineImageVersion mv) {
        return mv.expirableVersion() == null ? new ExpirableVersion(null, null, null, null) : mv.expirableVersion();
    }

    /**
     * An image with the v1beta1 defaults in view (update strategy major, containerd, amd64 where no capabilities are
     * defined), as Gardener validates a CloudProfile after defaulting.
     */
    static MachineImage defaulted(MachineImage image, Map<String, List<String>> capabilities) {
        List<MachineImageVersion> versions = image.versions() == null
                ? null
                : image.versions().stream()
                        .map(v -> new MachineImageVersion(
                                v.expirableVersion(),
                                cris(v),
                                architectures(v, capabilities),
                                v.kubeletVersionConstraint(),
                                v.inPlaceUpdates(),
                                v.capabilityFlavors()))
                        .toList();
        return new MachineImage(
                image.name(), versions, image.updateStrategy() == null ? "major" : image.updateStrategy());
    }

    static List<ExpirableVersion> expirable(MachineImage image) {
        return list(image.versions()).stream().map(CloudProfileRules::version).toList();
    }

    /** The image version's architectures, defaulted to amd64 when the profile has no capabilities. */
    static List<String> architectures(MachineImageVersion mv, Map<String, List<String>> capabilities) {
        if (list(mv.architectures()).isEmpty() && capabilities.isEmpty()) {
            return List.of("amd64");
        }
        return list(mv.architectures());
    }

    /** {@code MachineType.GetArchitecture} with the v1beta1 default (amd64 without capabilities). */
    static String architecture(MachineType t, Map<String, List<String>> capabilities) {
        if (!capabilities.isEmpty()) {
            return MachineCapabilities.machineTypeArchitecture(t, capabilities);
        }
        return t.architecture() == null ? "amd64" : t.architecture();
    }

    static Map<String, List<String>> flavorMap(MachineImageFlavor f) {
        return f == null || f.capabilities() == null ? Map.of() : f.capabilities();
    }

    static List<CRI> cris(MachineImageVersion mv) {
        return list(mv.cri()).isEmpty() ? List.of(new CRI("containerd", null)) : mv.cri();
    }

    static List<ContainerRuntime> runtimes(CRI cri) {
        return list(cri.containerRuntimes());
    }
}
