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
import java.io.IOException;
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
            "{'metadata':[],'spec':null,'status':{'conditions':{'type':'Valid'}}}",
            // what MORE's first does not tell apart: a legacy cloud profile name, a shoot hibernated, a seed reference
            // alone, an ingress object, a garden's version and condition, a ready seed, stringData
            "{'kind':'Shoot','apiVersion':'core.gardener.cloud/v1beta1','metadata':{'name':'l','namespace':'n'},"
                    + "'spec':{'cloudProfileName':'gcp','hibernation':{'enabled':false}},'status':{'hibernated':true}}",
            "{'metadata':{'name':'y'},'spec':{'seedRef':{'name':'s'},'virtualCluster':{'kubernetes':{'version':"
                    + "'1.30'}}},'status':{'ingress':{'hostname':'h','ip':'1.1.1.1'},'conditions':[{'type':"
                    + "'RuntimeComponentsHealthy','status':'True'},{'type':'GardenletReady','status':'True'},"
                    + "{'type':'ExtensionsReady','status':'True'}]},'stringData':{'k':'v'},'type':'Opaque'}");

    @Test
    void rowsFromTheReadPartAreTheRowsFromTheWholeObjectForEveryKindAndSample() throws Exception {
        int compared = 0;
        for (Map.Entry<String, TableConvertor> table : tables().entrySet()) {
            RowReads reads = table.getValue().rowReads();
            if (reads == null) {
                continue;
            }
            for (ObjectNode sample : samples()) {
                assertThat(rowFromPart(table.getValue(), reads, sample))
                        .as("%s row of %s", table.getKey(), sample)
                        .isEqualTo(rowFromWhole(table.getValue(), sample));
                compared++;
            }
        }
        assertThat(tables().values().stream().filter(t -> t.rowReads() != null))
                .as("kinds whose rows are read in part")
                .hasSizeGreaterThan(25);
        assertThat(compared).isGreaterThan(1000);
    }

    /**
     * The samples tell every declared path apart: without any one of them (unless another declared path reads it
     * already), some sample's row is not the row of the whole object, so the test above fails a declaration narrowed
     * wrongly.
     */
    @Test
    void everyDeclaredPathIsNeededBySomeSample() throws Exception {
        int narrowed = 0;
        for (Map.Entry<String, TableConvertor> table : tables().entrySet()) {
            RowReads reads = table.getValue().rowReads();
            if (reads == null) {
                continue;
            }
            for (String path : reads.paths()) {
                if (readAnyway(path, reads.paths())) {
                    continue;
                }
                List<String> without = new ArrayList<>(reads.paths());
                without.remove(path);
                RowReads narrower = RowReads.of(without);
                boolean differs = false;
                for (ObjectNode sample : samples()) {
                    differs |= !rowFromPart(table.getValue(), narrower, sample)
                            .equals(rowFromWhole(table.getValue(), sample));
                }
                assertThat(differs)
                        .as("%s without %s makes a wrong row of some sample", table.getKey(), path)
                        .isTrue();
                narrowed++;
            }
        }
        assertThat(narrowed).isGreaterThan(60);
    }

    /** Metadata is always read; a path under another declared one is read with it. */
    private static boolean readAnyway(String path, List<String> paths) {
        String dotted = path.startsWith("len(") ? path.substring(4, path.length() - 1) : path;
        return dotted.equals("metadata")
                || dotted.startsWith("metadata.")
                || paths.stream().anyMatch(other -> dotted.startsWith(other + "."));
    }

    private static Map<String, TableConvertor> tables() {
        Map<String, TableConvertor> tables = new TreeMap<>();
        for (GroupResource resource : TableConvertors.resources()) {
            tables.put(resource.toString(), TableConvertors.forResource(resource, CLOCK));
        }
        tables.put("default", DefaultTableConvertor.INSTANCE);
        return tables;
    }

    /** The stored forms and {@link #MORE}, but those the list decodes whole (converted on reading). */
    private static List<ObjectNode> samples() throws IOException {
        List<ObjectNode> samples = new ArrayList<>(StoredFormSamples.all());
        MORE.forEach(s -> samples.add(json(s)));
        samples.removeIf(sample -> InputConversions.forObject(sample).isPresent());
        return samples;
    }

    /** The rows (includeObject None and Metadata) from the whole object, with a resourceVersion. */
    private static String rowFromWhole(TableConvertor table, ObjectNode sample) throws Exception {
        ObjectNode whole = (ObjectNode) Json.readTree(Json.toBytes(sample));
        ObjectTrees.meta(whole).put("resourceVersion", "42");
        return rows(table, whole);
    }

    /** The rows from the part {@code reads} reads of the stored bytes, with the same resourceVersion. */
    private static String rowFromPart(TableConvertor table, RowReads reads, ObjectNode sample) {
        Optional<ObjectNode> part = reads.read(Json.toBytes(sample));
        assertThat(part).as("%s", sample).isPresent();
        ObjectTrees.meta(part.get()).put("resourceVersion", "42");
        return rows(table, part.get());
    }

    private static String rows(TableConvertor table, ObjectNode object) {
        StringBuilder rows = new StringBuilder();
        for (IncludeObject include : List.of(IncludeObject.NONE, IncludeObject.METADATA)) {
            rows.append(new String(Json.toBytes(table.tableRow(object, include, "v1")), StandardCharsets.UTF_8))
                    .append('\n');
        }
        return rows.toString();
    }

    @Test
    void dottedPathsKeepWhatTheyNameAndOfTheObjectsOnTheWayOnlyTheFieldsTheyGoThrough() {
        byte[] shoot = ("{\"kind\":\"Shoot\",\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"metadata\":{\"name\":"
                        + "\"s\"},\"spec\":{\"provider\":{\"type\":\"aws\",\"workers\":[{\"name\":\"w\"}]},"
                        + "\"seedName\":\"s1\",\"kubernetes\":\"not an object\",\"addons\":{\"a\":1}},"
                        + "\"status\":{\"lastOperation\":{\"state\":\"Succeeded\",\"progress\":100},"
                        + "\"conditions\":[{\"type\":\"X\"}],\"gardener\":[1,2]}}")
                .getBytes(StandardCharsets.UTF_8);

        ObjectNode part = RowReads.of(List.of(
                        "spec.provider.type",
                        "spec.seedName",
                        "spec.kubernetes.version",
                        "status.lastOperation",
                        "status.lastOperation.state",
                        "len(status.gardener)"))
                .read(shoot)
                .orElseThrow();

        assertThat(part.toString())
                .isEqualTo("{\"kind\":\"Shoot\",\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"metadata\":"
                        + "{\"name\":\"s\"},\"spec\":{\"provider\":{\"type\":\"aws\"},\"seedName\":\"s1\","
                        + "\"kubernetes\":\"not an object\"},\"status\":{\"lastOperation\":{\"state\":"
                        + "\"Succeeded\",\"progress\":100},\"gardener\":[null,null]}}");
    }

    @Test
    void aFieldBothCountedAndGoneThroughIsReadWhole() {
        byte[] object = "{\"spec\":{\"a\":{\"b\":1,\"c\":2}}}".getBytes(StandardCharsets.UTF_8);
        for (List<String> paths : List.of(List.of("len(spec.a)", "spec.a.b"), List.of("spec.a.b", "len(spec.a)"))) {
            assertThat(RowReads.of(paths).read(object).orElseThrow().toString())
                    .as("%s", paths)
                    .isEqualTo("{\"spec\":{\"a\":{\"b\":1,\"c\":2}}}");
        }
    }

    @Test
    void skipsWhatTheCellsDoNotReadAndCountsWhatTheyOnlyCount() {
        byte[] configMap = ("{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\"},"
                        + "\"data\":{\"a\":\"" + "x".repeat(1000)
                        + "\",\"b\":{\"n\":[1]}},\"binaryData\":[\"y\",\"z\"],"
                        + "\"immutable\":true}")
                .getBytes(StandardCharsets.UTF_8);

        ObjectNode part = RowReads.of(List.of("len(data)", "len(binaryData)"))
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
