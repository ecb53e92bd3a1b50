package cloud.gardener.apiserver.endpoints.tables;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.StoredFormSamples;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RowReadsTest {

    /** Spec and status with what the cells of every kind read, in the shapes they read and in others. */
    private static final List<String> MORE = List.of(
            "{'kind':'Shoot','apiVersion':'core.gardener.cloud/v1beta1','metadata':{'name':'s','namespace':'n',"
                    + "'creationTimestamp':'2025-05-01T00:00:00Z','labels':{'shoot.gardener.cloud/status':'healthy'}},"
                    + "'spec':{'cloudProfile':{'kind':'CloudProfile','name':'aws'},'provider':{'type':'aws',"
                    + "'region':'eu'},'region':'eu','seedName':'s1','kubernetes':{'version':'1.31'},"
                    + "'hibernation':{'enabled':true},'purpose':'dev','replicas':3,'shoot':{'name':'x'},"
                    + "'resources':[{'kind':'a','type':'b'}],'audiences':['x',1,null],'targetSystem':{'type':'t'},"
                    + "'shootRef':{'name':'x'},'registrationRef':{'name':'r'},'seedRef':{'name':'s'},"
                    + "'owner':{'name':'o'},'createdBy':{'name':'c'},'namespace':'garden-x','scope':{'apiVersion':"
                    + "'v1','kind':'Secret'},'clusterLifetimeDays':7,'parent':{'name':'p','kind':'CloudProfile'},"
                    + "'gardener':[1,2],'extensions':[3],'bucketName':'b','type':'aws','deployment':{'helm':"
                    + "{'ociRepository':{'repository':'r','tag':'t'}}}},"
                    + "'status':{'conditions':[{'type':'APIServerAvailable','status':'True'},{'type':'Valid',"
                    + "'status':'False'},{'type':'SeedRegistered','status':'True'},{'type':'GardenletReady'},"
                    + "{'type':'GardenletReconciled','status':'True'},{'type':'Installed','status':'Unknown'}],"
                    + "'lastOperation':{'type':'Reconcile','state':'Succeeded','progress':100},'gardener':"
                    + "{'version':'1.100'},'kubernetesVersion':'1.31','phase':'Ready','readyReplicas':2,"
                    + "'pendingReplica':{'name':'p','reason':'r'},'sub':'x','ingress':[{'ip':'1.2.3.4'}],"
                    + "'lastHeartbeatTimestamp':'2025-05-31T00:00:00Z','expirationTimestamp':'2025-06-02T00:00:00Z'},"
                    + "'provider':{'type':'aws'},'credentialsRef':{'apiVersion':'v1','kind':'Secret','name':'c',"
                    + "'namespace':'n'},'secretRef':{'name':'s','namespace':'n'},'handler':'h',"
                    + "'data':{'a':'x','b':{'c':[1]},'a':'again'},'binaryData':['x','y'],'type':'Opaque'}",
            "{'kind':'ConfigMap','apiVersion':'v1','metadata':{'name':'c'},'data':'scalar','binaryData':null}",
            "{'kind':'ConfigMap','apiVersion':'v1','metadata':{'name':'c'},'data':[],'binaryData':{}}",
            "{'metadata':{'name':'x'},'spec':'scalar','status':[1],'provider':7,'handler':{'a':1}}",
            "{'metadata':[],'spec':null,'status':{'conditions':{'type':'Valid'}}}");

    @Test
    void rowsFromTheReadPartAreTheRowsFromTheWholeObjectForEveryKindAndSample() throws Exception {
        List<ObjectNode> samples = new ArrayList<>(StoredFormSamples.all());
        MORE.forEach(s -> samples.add(json(s)));
        Map<String, TableConvertor> tables = new TreeMap<>();
        for (GroupResource resource : TableConvertors.resources()) {
            tables.put(resource.toString(), TableConvertors.forResource(resource, CLOCK));
        }
        tables.put("default", DefaultTableConvertor.INSTANCE);
        int compared = 0;
        for (Map.Entry<String, TableConvertor> table : tables.entrySet()) {
            RowReads reads = table.getValue().rowReads();
            if (reads == null) {
                continue;
            }
            for (ObjectNode sample : samples) {
                byte[] stored = Json.toBytes(sample);
                ObjectNode whole = (ObjectNode) Json.readTree(stored);
                if (InputConversions.forObject(whole).isPresent()) {
                    continue; // the list decodes these whole
                }
                ObjectTrees.meta(whole).put("resourceVersion", "42");
                Optional<ObjectNode> part = reads.read(stored);
                assertThat(part).as("%s of %s", table.getKey(), sample).isPresent();
                ObjectTrees.meta(part.get()).put("resourceVersion", "42");
                for (IncludeObject include : List.of(IncludeObject.NONE, IncludeObject.METADATA)) {
                    assertThat(Json.toBytes(table.getValue().tableRow(part.get(), include, "v1")))
                            .as("%s row (%s) of %s", table.getKey(), include, sample)
                            .asString(StandardCharsets.UTF_8)
                            .isEqualTo(new String(
                                    Json.toBytes(table.getValue().tableRow(whole, include, "v1")),
                                    StandardCharsets.UTF_8));
                }
                compared++;
            }
        }
        assertThat(tables.values().stream().filter(t -> t.rowReads() != null))
                .as("kinds whose rows are read in part")
                .hasSizeGreaterThan(20);
        assertThat(compared).isGreaterThan(1000);
    }

    @Test
    void skipsWhatTheCellsDoNotReadAndCountsWhatTheyOnlyCount() {
        byte[] configMap = ("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\"},"
                        + "\"data\":{\"a\":\"" + "x".repeat(1000)
                        + "\",\"b\":{\"n\":[1]}},\"binaryData\":[\"y\",\"z\"],"
                        + "\"immutable\":true}")
                .getBytes(StandardCharsets.UTF_8);

        ObjectNode part = RowReads.of(List.of(), List.of("data", "binaryData"))
                .read(configMap)
                .orElseThrow();

        assertThat(part.toString())
                .isEqualTo("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\"},"
                        + "\"data\":{\"a\":null,\"b\":null},\"binaryData\":[null,null]}");
    }

    @Test
    void bytesThatAreNoJsonObjectAreLeftToDecoding() {
        RowReads reads = RowReads.metadata();
        for (String bad : List.of("", "[1]", "\"s\"", "{\"metadata\":{}", "{\"metadata\":{}} x", "{\"a\":tru}")) {
            assertThat(reads.read(bad.getBytes(StandardCharsets.UTF_8))).as(bad).isEmpty();
        }
    }
}
