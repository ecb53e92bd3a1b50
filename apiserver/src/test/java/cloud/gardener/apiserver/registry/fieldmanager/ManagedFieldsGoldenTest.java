package cloud.gardener.apiserver.registry.fieldmanager;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.e2e.Examples;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The managed fields of a create, an update with changes and a forced apply of every Shoot, Seed and Project of
 * examples/ and of Gardener's examples (Shoots with a CredentialsBinding and, rewritten, a SecretBinding) are
 * byte for byte those the field manager wrote before it was made faster: their SHA-256 digests are recorded in
 * {@value #GOLDEN} (regenerate with {@code -Dfieldmanager.golden.write=true} only for an intended change).
 */
class ManagedFieldsGoldenTest {

    private static final String GOLDEN = "src/test/resources/fieldmanager/managed-fields-golden.txt";
    private static final List<String> KINDS = List.of("Shoot", "Seed", "Project");

    @Test
    void managedFieldsOfEveryFixtureAreThoseTheReferenceAlgorithmWrote() throws IOException {
        Map<String, String> actual = new LinkedHashMap<>();
        for (Map.Entry<String, ObjectNode> c : fixtures().entrySet()) {
            cases(c.getKey(), c.getValue(), actual);
        }
        assertThat(actual).hasSizeGreaterThan(20);
        Path golden = Path.of(GOLDEN);
        if (Boolean.getBoolean("fieldmanager.golden.write")) {
            StringBuilder sb = new StringBuilder();
            actual.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
            Files.writeString(golden, sb.toString());
        }
        Map<String, String> expected = new LinkedHashMap<>();
        for (String line : Files.readAllLines(golden)) {
            int sp = line.lastIndexOf(' ');
            expected.put(line.substring(0, sp), line.substring(sp + 1));
        }
        assertThat(actual).containsExactlyEntriesOf(expected);
    }

    private static void cases(String name, ObjectNode doc, Map<String, String> out) {
        GroupVersionKind gvk = GroupVersionKind.of(
                doc.path("apiVersion").asText(), doc.path("kind").asText());
        AtomicLong seconds = new AtomicLong(1_700_000_000L);
        FieldManager manager = new FieldManager(
                gvk,
                "",
                ResourceModels.of(gvk).map(FieldType::ofRecord).orElse(FieldType.UNTYPED),
                () -> Instant.ofEpochSecond(seconds.incrementAndGet()));
        ObjectNode created = manager.update(null, doc.deepCopy(), "creator");
        out.put(name + " create", digest(created));
        created.withObjectProperty("metadata").put("uid", "u1").put("resourceVersion", "7");
        ObjectNode updated = manager.update(created, changed(created), "editor");
        out.put(name + " update", digest(updated));
        ObjectNode config = doc.deepCopy();
        config.withObjectProperty("metadata").withObjectProperty("labels").put("applied", "yes");
        ObjectNode applied = manager.apply(updated, config, "applier", true);
        out.put(name + " apply", digest(applied));
    }

    /** A copy with a new label, a spec leaf changed, the spec's last field removed and a worker added. */
    private static ObjectNode changed(ObjectNode obj) {
        ObjectNode next = obj.deepCopy();
        next.withObjectProperty("metadata").withObjectProperty("labels").put("fm-test", "changed");
        if (next.get("spec") instanceof ObjectNode spec && !spec.isEmpty()) {
            changeFirstText(spec);
            JsonNode workers = spec.path("provider").path("workers");
            if (workers instanceof ArrayNode list && !list.isEmpty()) {
                ObjectNode extra = list.get(0).deepCopy();
                extra.put("name", extra.path("name").asText() + "-2");
                list.add(extra);
            }
            String last = null;
            for (Iterator<String> it = spec.fieldNames(); it.hasNext(); ) {
                last = it.next();
            }
            spec.remove(last);
        }
        return next;
    }

    private static boolean changeFirstText(ObjectNode node) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isTextual()) {
                node.put(e.getKey(), e.getValue().asText() + "-changed");
                return true;
            }
            if (e.getValue() instanceof ObjectNode child && changeFirstText(child)) {
                return true;
            }
        }
        return false;
    }

    private static String digest(ObjectNode obj) {
        try {
            byte[] bytes = Json.toBytes(obj.path("metadata").path("managedFields"));
            assertThat(bytes.length).isGreaterThan(10);
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
                    .substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The fixtures by file and index; each Shoot with a CredentialsBinding also as one with a SecretBinding. */
    private static Map<String, ObjectNode> fixtures() throws IOException {
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        read(Path.of("..", "examples"), "examples/", out);
        Path gardener = Examples.DIR;
        assertThat(gardener).isDirectory();
        read(gardener, "gardener/", out);
        Map<String, ObjectNode> secretBound = new LinkedHashMap<>();
        out.forEach((name, doc) -> {
            JsonNode binding = doc.path("spec").path("credentialsBindingName");
            if (binding.isTextual()) {
                ObjectNode copy = doc.deepCopy();
                ObjectNode spec = (ObjectNode) copy.get("spec");
                spec.remove("credentialsBindingName");
                spec.put("secretBindingName", binding.asText());
                secretBound.put(name + " secretBinding", copy);
            }
        });
        out.putAll(secretBound);
        return out;
    }

    private static void read(Path dir, String prefix, Map<String, ObjectNode> into) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            List<JsonNode> docs = new ArrayList<>();
            try (MappingIterator<JsonNode> it =
                    Json.YAML.readerFor(JsonNode.class).readValues(Files.readString(file))) {
                docs.addAll(it.readAll());
            } catch (IOException | RuntimeException e) {
                continue; // a template, no YAML as it is
            }
            for (int i = 0; i < docs.size(); i++) {
                if (docs.get(i) instanceof ObjectNode on
                        && KINDS.contains(on.path("kind").asText())) {
                    // as a body is read: JSON's own number and string nodes
                    ObjectNode doc = (ObjectNode) Json.readTree(Json.toBytes(on));
                    into.put(prefix + dir.relativize(file).toString().replace('\\', '/') + "#" + i, doc);
                }
            }
        }
    }
}
