package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.optionalText;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.conditionStatusOrUnknown;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code gardenlets}: NAME OCI REPOSITORY RECONCILED AGE. */
public final class GardenletTable extends GardenerTableConvertor {

    public GardenletTable(Clock clock) {
        super(
                clock,
                NAME,
                column("OCI Repository", "spec.deployment.helm.ociRepository"),
                column("Reconciled", CONDITIONS),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                ociUrl(JsonTrees.at(o, "spec", "deployment", "helm", "ociRepository")),
                conditionStatusOrUnknown(o, "GardenletReconciled"),
                age(o));
    }

    /**
     * {@code OCIRepository.GetURL}: {@code ref} as is, else {@code repository@digest} (a digest wins over a tag),
     * else {@code repository:tag}, else empty; without a leading {@code oci://}.
     */
    static String ociUrl(JsonNode repository) {
        String url;
        if (optionalText(repository, "ref").isPresent()) {
            url = text(repository, "ref");
        } else if (optionalText(repository, "digest").isPresent()) {
            url = text(repository, "repository") + "@" + text(repository, "digest");
        } else if (optionalText(repository, "tag").isPresent()) {
            url = text(repository, "repository") + ":" + text(repository, "tag");
        } else {
            url = "";
        }
        return url.startsWith("oci://") ? url.substring("oci://".length()) : url;
    }
}
