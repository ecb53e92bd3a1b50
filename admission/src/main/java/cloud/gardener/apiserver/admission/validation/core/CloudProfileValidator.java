package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.AvailabilityZone;
import cloud.gardener.apiserver.api.core.v1beta1.Bastion;
import cloud.gardener.apiserver.api.core.v1beta1.CapabilityDefinition;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.Region;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ValidateCloudProfile}: provider type, Kubernetes versions, machine images, machine types, volume
 * types, regions, bastion, limits, capabilities and CA bundle; updates may not decrease
 * {@code limits.maxNodesTotal} nor make a version unavailable again. The v1beta1 defaults (architectures,
 * update strategy, CRI) are applied in the view of the rules, as Gardener validates defaulted objects.
 */
public final class CloudProfileValidator implements Validator<CloudProfile> {

    static final String RESERVED_CAPABILITY_PREFIX = "gardener-";

    @Override
    public List<FieldError> validate(CloudProfile profile) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                profile.metadata(), false, NameRules.DNS_SUBDOMAIN_NAME, FieldPath.of("metadata")));
        errs.addAll(validateSpec(spec(profile), FieldPath.of("spec")));
        return errs;
    }

    /** {@code ValidateCloudProfileSpec}. */
    public static List<FieldError> validateSpec(CloudProfileSpec spec, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, List<String>> capabilities = capabilities(spec.machineCapabilities());
        if (empty(spec.type())) {
            errs.add(FieldError.required(path.child("type").toString(), "must provide a provider type"));
        }
        errs.addAll(capabilityDefinitions(spec.machineCapabilities(), path.child("machineCapabilities")));
        errs.addAll(
                kubernetes(spec.kubernetes() == null ? null : spec.kubernetes().versions(), path.child("kubernetes")));
        errs.addAll(machineImages(spec.machineImages(), capabilities, path.child("machineImages")));
        errs.addAll(machineTypes(spec.machineTypes(), capabilities, path.child("machineTypes")));
        errs.addAll(CloudProfileRules.volumeTypes(spec.volumeTypes(), path.child("volumeTypes")));
        errs.addAll(regions(spec.regions(), path.child("regions")));
        errs.addAll(bastion(spec, capabilities, path.child("bastion")));
        errs.addAll(CloudProfileRules.limits(
                spec.limits() == null ? null : spec.limits().maxNodesTotal(), path.child("limits")));
        if (spec.seedSelector() != null) {
            errs.addAll(NameRules.labelSelector(spec.seedSelector().labelSelector(), path.child("seedSelector")));
        }
        errs.addAll(CloudProfileRules.caBundle(spec.caBundle(), path.child("caBundle")));
        return errs;
    }

    /** {@code validateCloudProfileKubernetesSettings}. */
    static List<FieldError> kubernetes(List<ExpirableVersion> versions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<ExpirableVersion> vs = list(versions);
        if (vs.isEmpty()) {
            errs.add(FieldError.required(
                    path.child("versions").toString(), "must provide at least one Kubernetes version"));
        }
        ExpirableVersion latest = CloudProfileRules.latest(vs);
        if (latest == null) {
            errs.add(FieldError.invalid(
                    path.child("versions").toString(),
                    "",
                    "failed to determine the latest kubernetes version from the cloud profile"));
        }
        if (latest != null && latest.expirationDate() != null) {
            errs.add(FieldError.invalid(
                    path.child("versions[]").child("expirationDate").toString(),
                    CoreRules.goTime(latest.expirationDate()),
                    "expiration date of latest kubernetes version ('" + latest.version() + "') must not be set"));
        }
        if (latest != null && !list(latest.lifecycle()).isEmpty()) {
            String last = latest.lifecycle().get(latest.lifecycle().size() - 1).classification();
            if ("expired".equals(last)) {
                errs.add(FieldError.invalid(
                        path.child("versions[]").child("lifecycle").toString(),
                        null,
                        "classification expired of latest kubernetes version ('" + latest.version()
                                + "') must not be set"));
            }
        }
        errs.addAll(CloudProfileRules.kubernetesVersions(vs, path));
        for (int i = 0; i < vs.size(); i++) {
            errs.addAll(CloudProfileRules.supportedVersions(
                    vs.get(i), vs, path.child("versions").index(i)));
        }
        return errs;
    }

    private static List<FieldError> machineImages(
            List<MachineImage> images, Map<String, List<String>> capabilities, FieldPath path) {
        List<MachineImage> defaulted = list(images).stream()
                .map(i -> CloudProfileRules.defaulted(i, capabilities))
                .toList();
        return CloudProfileRules.cloudProfileMachineImages(defaulted, capabilities, path);
    }

    /** {@code validateCloudProfileMachineTypes}. */
    static List<FieldError> machineTypes(
            List<MachineType> types, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<MachineType> ts = list(types);
        if (ts.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must provide at least one machine type"));
        }
        errs.addAll(CloudProfileRules.machineTypes(ts, capabilities, path));
        for (int i = 0; i < ts.size(); i++) {
            if (CloudProfileRules.architecture(ts.get(i), capabilities).isEmpty() && capabilities.isEmpty()) {
                errs.add(FieldError.required(
                        path.index(i).child("architecture").toString(), "must provide an architecture"));
            }
            if (capabilities.isEmpty()
                    && !CoreRules.map(ts.get(i).capabilities()).isEmpty()) {
                errs.add(FieldError.forbidden(
                        path.index(i).child("capabilities").toString(),
                        "must not provide capabilities without global definition"));
            }
        }
        return errs;
    }

    private static List<FieldError> regions(List<Region> regions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<Region> rs = list(regions);
        if (rs.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must provide at least one region"));
        }
        Set<String> found = new HashSet<>();
        for (int i = 0; i < rs.size(); i++) {
            Region r = rs.get(i);
            FieldPath idx = path.index(i);
            if (empty(r.name())) {
                errs.add(FieldError.required(idx.child("name").toString(), "must provide a region name"));
            } else if (!found.add(r.name())) {
                errs.add(FieldError.duplicate(idx.child("name").toString(), r.name()));
            }
            Set<String> zones = new HashSet<>();
            List<AvailabilityZone> zs = list(r.zones());
            for (int j = 0; j < zs.size(); j++) {
                FieldPath np = idx.child("zones").index(j).child("name");
                if (empty(zs.get(j).name())) {
                    errs.add(FieldError.required(np.toString(), "zone name cannot be empty"));
                } else if (!zones.add(zs.get(j).name())) {
                    errs.add(FieldError.duplicate(np.toString(), zs.get(j).name()));
                }
            }
            errs.addAll(ObjectMetaValidation.validateLabels(r.labels(), idx.child("labels")));
        }
        return errs;
    }

    private static List<FieldError> bastion(
            CloudProfileSpec spec, Map<String, List<String>> capabilities, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Bastion bastion = spec.bastion();
        if (bastion == null) {
            return errs;
        }
        if (bastion.machineType() == null && bastion.machineImage() == null) {
            errs.add(FieldError.invalid(
                    path.toString(), CoreRules.tree(bastion), "bastion section needs a machine type or machine image"));
        }
        String arch = null;
        if (bastion.machineType() != null) {
            MachineType type = list(spec.machineTypes()).stream()
                    .filter(t ->
                            text(t.name()).equals(text(bastion.machineType().name())))
                    .findFirst()
                    .orElse(null);
            if (type == null) {
                errs.add(FieldError.invalid(
                        path.child("machineType", "name").toString(),
                        text(bastion.machineType().name()),
                        "machine type not found in spec.machineTypes"));
            } else {
                arch = CloudProfileRules.architecture(type, capabilities);
            }
        }
        if (bastion.machineImage() != null) {
            FieldPath ip = path.child("machineImage");
            String name = text(bastion.machineImage().name());
            MachineImage image = list(spec.machineImages()).stream()
                    .filter(i -> text(i.name()).equals(name))
                    .findFirst()
                    .orElse(null);
            if (image == null) {
                errs.add(FieldError.invalid(
                        ip.child("name").toString(), name, "image name not found in spec.machineImages"));
                return errs;
            }
            List<MachineImageVersion> candidates = list(image.versions());
            FieldPath at = ip.child("name");
            if (bastion.machineImage().version() != null) {
                at = ip.child("version");
                String version = bastion.machineImage().version();
                candidates = candidates.stream()
                        .filter(v -> version.equals(CloudProfileRules.version(v).version()))
                        .toList();
                if (candidates.isEmpty()) {
                    errs.add(FieldError.invalid(
                            at.toString(), version, "image version not found in spec.machineImages"));
                    return errs;
                }
            }
            final String machineArch = arch;
            boolean ok = candidates.stream().anyMatch(v -> {
                ExpirableVersion ev = CloudProfileRules.version(v);
                boolean archSupported = machineArch == null || supportsArchitecture(v, capabilities, machineArch);
                return archSupported
                        && ev.classification() != null
                        && "supported".equals(CloudProfileRules.currentClassification(ev));
            });
            if (!ok) {
                errs.add(FieldError.invalid(
                        at.toString(),
                        name,
                        "no image with classification supported and arch \"" + (arch == null ? "<nil>" : arch)
                                + "\" found"));
            }
        }
        return errs;
    }

    private static boolean supportsArchitecture(
            MachineImageVersion v, Map<String, List<String>> capabilities, String arch) {
        if (capabilities.isEmpty()) {
            return CloudProfileRules.architectures(v, capabilities).contains(arch);
        }
        if (list(v.capabilityFlavors()).stream()
                .anyMatch(f -> list(CloudProfileRules.flavorMap(f).get(CloudProfileRules.ARCHITECTURE))
                        .contains(arch))) {
            return true;
        }
        return list(capabilities.get(CloudProfileRules.ARCHITECTURE)).contains(arch);
    }

    /** {@code validateCapabilityDefinitions} (the CloudProfileCapabilities gate is on by default). */
    private static List<FieldError> capabilityDefinitions(List<CapabilityDefinition> definitions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<CapabilityDefinition> ds = list(definitions);
        if (ds.isEmpty()) {
            return errs;
        }
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (int i = 0; i < ds.size(); i++) {
            String name = text(ds.get(i).name());
            if (map.containsKey(name)) {
                errs.add(FieldError.duplicate(path.index(i).child("name").toString(), name));
            }
            if (name.startsWith(RESERVED_CAPABILITY_PREFIX)) {
                errs.add(FieldError.forbidden(
                        path.index(i).child("name").toString(),
                        "the \"gardener-\" prefix is reserved for Gardener-core capabilities"));
            }
            map.put(name, list(ds.get(i).values()));
        }
        List<String> archs = map.get(CloudProfileRules.ARCHITECTURE);
        if (archs == null) {
            errs.add(FieldError.required(
                    path.child(CloudProfileRules.ARCHITECTURE).toString(), "architecture capability is required"));
        } else {
            for (String v : archs) {
                if (!CloudProfileRules.ARCHITECTURES.contains(v)) {
                    errs.add(FieldError.invalid(
                            path.child(CloudProfileRules.ARCHITECTURE).toString(),
                            v,
                            "allowed architectures are: " + String.join(", ", CloudProfileRules.ARCHITECTURES)));
                }
            }
        }
        for (Map.Entry<String, List<String>> e : map.entrySet()) {
            String key = e.getKey();
            if (key.isEmpty()) {
                errs.add(FieldError.required(path.toString(), "capability keys must not be empty"));
            } else {
                List<String> problems = CoreRules.unprefixedQualifiedName(key);
                if (!problems.isEmpty()) {
                    errs.add(FieldError.invalid(
                            path.toString(),
                            key,
                            "capability key must be qualified name: " + String.join(", ", problems)));
                }
            }
            if (e.getValue().isEmpty()) {
                errs.add(FieldError.required(path.child(key).toString(), "capability values must not be empty"));
            }
            for (int i = 0; i < e.getValue().size(); i++) {
                String v = text(e.getValue().get(i));
                if (v.isEmpty()) {
                    errs.add(FieldError.required(
                            path.child(key).index(i).toString(), "capability values must not be empty"));
                } else {
                    List<String> problems = CoreRules.unprefixedQualifiedName(v);
                    if (!problems.isEmpty()) {
                        errs.add(FieldError.invalid(
                                path.child(key).index(i).toString(),
                                v,
                                "capability value must be qualified name: " + String.join(", ", problems)));
                    }
                }
            }
        }
        return errs;
    }

    /** {@code helper.CapabilityDefinitionsToCapabilities}. */
    static Map<String, List<String>> capabilities(List<CapabilityDefinition> definitions) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        list(definitions).forEach(d -> map.put(text(d.name()), list(d.values())));
        return map;
    }

    @Override
    public List<FieldError> validateUpdate(CloudProfile profile, CloudProfile old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(profile.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(validate(profile));
        CloudProfileSpec spec = spec(profile);
        CloudProfileSpec oldSpec = spec(old);
        FieldPath path = FieldPath.of("spec");
        Integer max = spec.limits() == null ? null : spec.limits().maxNodesTotal();
        Integer oldMax = oldSpec.limits() == null ? null : oldSpec.limits().maxNodesTotal();
        if (max != null && oldMax != null && max < oldMax) {
            errs.add(FieldError.invalid(
                    path.child("limits", "maxNodesTotal").toString(), max, "maxNodesTotal cannot be decreased"));
        }
        errs.addAll(versionsUpdate(
                spec.kubernetes() == null ? null : spec.kubernetes().versions(),
                oldSpec.kubernetes() == null ? null : oldSpec.kubernetes().versions(),
                path.child("kubernetes").child("versions")));
        Map<String, MachineImage> oldImages = new HashMap<>();
        list(oldSpec.machineImages()).forEach(i -> oldImages.put(text(i.name()), i));
        List<MachineImage> images = list(spec.machineImages());
        for (int i = 0; i < images.size(); i++) {
            MachineImage oldImage = oldImages.get(text(images.get(i).name()));
            if (oldImage != null) {
                errs.addAll(versionsUpdate(
                        CloudProfileRules.expirable(images.get(i)),
                        CloudProfileRules.expirable(oldImage),
                        path.child("machineImages").index(i).child("versions")));
            }
        }
        return errs;
    }

    /** {@code ValidateCloudProfileExpirableVersionsUpdate}. */
    static List<FieldError> versionsUpdate(
            List<ExpirableVersion> versions, List<ExpirableVersion> oldVersions, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Map<String, ExpirableVersion> old = new HashMap<>();
        list(oldVersions).forEach(v -> old.put(text(v.version()), v));
        List<ExpirableVersion> vs = list(versions);
        for (int i = 0; i < vs.size(); i++) {
            ExpirableVersion o = old.get(text(vs.get(i).version()));
            if (o != null
                    && !"unavailable".equals(CloudProfileRules.currentClassification(o))
                    && "unavailable".equals(CloudProfileRules.currentClassification(vs.get(i)))) {
                errs.add(FieldError.forbidden(
                        path.index(i).toString(),
                        "a version cannot be turned unavailable if it was already moved into a later lifecycle stage"));
            }
        }
        return errs;
    }

    private static CloudProfileSpec spec(CloudProfile p) {
        return p.spec() == null
                ? new CloudProfileSpec(null, null, null, null, null, null, null, null, null, null, null, null, null)
                : p.spec();
    }
}
