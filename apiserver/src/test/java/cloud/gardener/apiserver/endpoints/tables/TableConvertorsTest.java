package cloud.gardener.apiserver.endpoints.tables;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.RuleOrphans;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.endpoints.tables.gardener.CrdTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ShootTable;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableConvertorsTest {

    @Test
    void everyServedResourceHasItsOwnTable() {
        List<ResourceType> served = new ArrayList<>(StandardResources.gardener());
        served.addAll(StandardResources.coreV1());
        served.add(StandardResources.eventsV1());
        for (ResourceType type : served) {
            TableConvertor table = TableConvertor.defaultFor(type);
            assertThat(table).as(type.plural()).isNotSameAs(DefaultTableConvertor.INSTANCE);
            if (type.plural().equals("events")) {
                // kube's printEvent: "Last Seen" first, the name last as a wide column, no Age
                assertThat(table.columns().get(0).name()).isEqualTo("Last Seen");
                assertThat(table.columns().get(table.columns().size() - 1).name())
                        .isEqualTo("Name");
                continue;
            }
            assertThat(table.columns().get(0).name()).as(type.plural()).isEqualTo("Name");
            assertThat(table.columns().get(0).format()).isEqualTo("name");
            assertThat(table.columns().stream().anyMatch(c -> c.name().equals("Age")))
                    .as(type.plural())
                    .isTrue();
        }
        assertThat(TableConvertors.resources()).hasSize(served.size());
        assertThat(TableConvertors.forResource(new GroupResource("example.com", "widgets"), CLOCK))
                .isSameAs(DefaultTableConvertor.INSTANCE);
        assertThat(TableConvertors.forResource(new GroupResource("core.gardener.cloud", "shoots"), CLOCK))
                .isInstanceOf(ShootTable.class);
    }

    /** Tables are found by name: none is named so that no kind finds it (the CRD tables are made by hand). */
    @Test
    void everyTableIsFoundForItsKind() {
        assertThat(RuleOrphans.of(
                        TableConvertors.RULES,
                        definition -> TableConvertors.RULES.of(definition).stream(),
                        Set.of(CrdTable.class)))
                .as("tables no kind finds (misnamed?)")
                .isEmpty();
    }

    @Test
    void gardenerTablesLeaveOutRemainingItemCount() {
        JsonNode listMeta = json("{'resourceVersion':'9','continue':'c','remainingItemCount':4}");
        TableConvertor shoots = TableConvertors.forResource(new GroupResource("core.gardener.cloud", "shoots"), CLOCK);
        assertThat(shoots.toTable(List.of(), listMeta, null, "v1", true).get("metadata"))
                .isEqualTo(json("{'resourceVersion':'9','continue':'c'}"));
        // and an empty list is "rows": [] (MetaToTableRow makes an empty slice)
        assertThat(shoots.toTable(List.of(), listMeta, null, "v1", true)
                        .get("rows")
                        .isArray())
                .isTrue();
        TableConvertor secrets = TableConvertors.forResource(new GroupResource("", "secrets"), CLOCK);
        assertThat(secrets.toTable(List.of(), listMeta, null, "v1", true).get("metadata"))
                .isEqualTo(json("{'resourceVersion':'9','continue':'c','remainingItemCount':4}"));
    }

    @Test
    void rowsOfAGardenerTable() {
        TableConvertor shoots = TableConvertors.forResource(new GroupResource("core.gardener.cloud", "shoots"), CLOCK);
        JsonNode table = shoots.toTable(
                List.of(json("{'metadata':{'name':'a','resourceVersion':'3'}}")), null, null, "v1", true);
        assertThat(table.get("metadata")).isEqualTo(json("{'resourceVersion':'3'}"));
        assertThat(table.get("columnDefinitions")).hasSize(17);
        assertThat(table.get("rows").get(0).get("cells")).hasSize(17);
        assertThat(table.get("rows").get(0).get("object").get("kind").asText()).isEqualTo("PartialObjectMetadata");
    }
}
