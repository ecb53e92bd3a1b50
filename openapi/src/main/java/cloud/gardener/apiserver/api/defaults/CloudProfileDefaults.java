package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.empty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfEmpty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's CloudProfile defaulting (core v1beta1 {@code SetObjectDefaults_CloudProfile}): without machine
 * capabilities, image versions and machine types are {@code amd64}; images update across majors; image versions
 * run containerd; machine and volume types are usable.
 */
public final class CloudProfileDefaults implements Defaulter {

    static final String ARCHITECTURE_AMD64 = "amd64";

    @Override
    public void apply(ObjectNode cloudProfile) {
        ObjectNode spec = object(cloudProfile, "spec");
        // With capabilities, the architecture default comes from the capability definitions instead.
        if (empty(spec, "machineCapabilities")) {
            for (ObjectNode image : objects(spec, "machineImages")) {
                for (ObjectNode version : objects(image, "versions")) {
                    setIfEmpty(version, "architectures", strings(ARCHITECTURE_AMD64));
                }
            }
            for (ObjectNode machineType : objects(spec, "machineTypes")) {
                setIfAbsent(machineType, "architecture", ARCHITECTURE_AMD64);
            }
        }
        for (ObjectNode image : objects(spec, "machineImages")) {
            setIfAbsent(image, "updateStrategy", "major");
            for (ObjectNode version : objects(image, "versions")) {
                if (empty(version, "cri")) {
                    ArrayNode cri = version.putArray("cri");
                    cri.addObject().put("name", "containerd");
                }
            }
        }
        setUsableDefaults(spec);
    }

    /** Machine and volume types are usable unless they say otherwise (also for NamespacedCloudProfiles). */
    static void setUsableDefaults(ObjectNode spec) {
        for (ObjectNode machineType : objects(spec, "machineTypes")) {
            setIfAbsent(machineType, "usable", true);
        }
        for (ObjectNode volumeType : objects(spec, "volumeTypes")) {
            setIfAbsent(volumeType, "usable", true);
        }
    }
}
