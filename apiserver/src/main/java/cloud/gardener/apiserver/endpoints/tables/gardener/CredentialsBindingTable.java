package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.Column;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/**
 * {@code credentialsbindings}: NAME PROVIDER APIVERSION KIND NAME AGE. The second "Name" column is the referenced
 * credentials' {@code <namespace>/<name>}, as Gardener declares it (descriptions, typo included, are Gardener's).
 */
public final class CredentialsBindingTable extends GardenerTableConvertor {

    public CredentialsBindingTable(Clock clock) {
        super(
                clock,
                NAME,
                Column.reading(
                        new TableColumn(
                                "Provider", "string", "", "Provide is the provider type of the CredentialsBinding.", 0),
                        "provider.type"),
                Column.reading(
                        new TableColumn(
                                "APIVersion",
                                "string",
                                "name",
                                "APIVersion is the apiVersion of the referenced credentials provider.",
                                0),
                        "credentialsRef.apiVersion"),
                Column.reading(
                        new TableColumn(
                                "Kind",
                                "string",
                                "name",
                                "Kind is the kind of the referenced credentials provider.",
                                0),
                        "credentialsRef.kind"),
                Column.reading(
                        new TableColumn(
                                "Name",
                                "string",
                                "name",
                                "Name is the namespace and name of the referenced credentials provider.",
                                0),
                        "credentialsRef.namespace",
                        "credentialsRef.name"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                text(o, "provider", "type"),
                text(o, "credentialsRef", "apiVersion"),
                text(o, "credentialsRef", "kind"),
                text(o, "credentialsRef", "namespace") + "/" + text(o, "credentialsRef", "name"),
                age(o));
    }
}
