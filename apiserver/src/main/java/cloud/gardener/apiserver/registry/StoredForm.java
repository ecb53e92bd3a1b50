package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.FormChanges;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;

/**
 * An object's stored form: its JSON without {@code metadata.resourceVersion} and {@code metadata.selfLink} (which are
 * not stored), written by walking the tree (no copy of it), and where in those bytes the resourceVersion goes for an
 * answer: found while writing, so an answer made from the bytes this server wrote itself need not scan them again.
 *
 * <p>The bytes are those {@code Json.toBytes} gives for a copy of the object without the two fields: the walk writes
 * each field as the mapper writes an {@code ObjectNode}'s (name, then the value's own serialization) in the tree's
 * order. Where the mapper is configured to filter or sort an object's fields, it writes a shallow copy without the two
 * fields instead and knows no place for the resourceVersion.
 */
public final class StoredForm {

    private static final String METADATA = "metadata";
    private static final String RESOURCE_VERSION = "resourceVersion";
    private static final String SELF_LINK = "selfLink";

    private final byte[] bytes;
    private final int resourceVersionAt;
    private final boolean commaBefore;
    private final boolean commaAfter;
    private final String after;
    private final String kind;
    private final String apiVersion;

    private StoredForm(
            byte[] bytes,
            int resourceVersionAt,
            boolean commaBefore,
            boolean commaAfter,
            String after,
            String kind,
            String apiVersion) {
        this.bytes = bytes;
        this.resourceVersionAt = resourceVersionAt;
        this.commaBefore = commaBefore;
        this.commaAfter = commaAfter;
        this.after = after;
        this.kind = kind;
        this.apiVersion = apiVersion;
    }

    /** The object's stored form: what storage is given. */
    public static StoredForm of(ObjectNode obj) {
        FormChanges.count(FormChanges.Change.TREE_TO_BYTES);
        Walk walk = new Walk(obj);
        ThreadOutput out = ThreadOutput.take();
        try {
            walk.out = out;
            Json.MAPPER.writeValue(out, walk);
            return new StoredForm(
                    out.toByteArray(),
                    walk.at,
                    walk.commaBefore,
                    walk.commaAfter,
                    walk.after,
                    walk.kind,
                    walk.apiVersion);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            out.release();
        }
    }

    /** The stored bytes. */
    public byte[] bytes() {
        return bytes;
    }

    /**
     * Where {@code "resourceVersion":"N"} goes in {@link #bytes} for an answer whose metadata has it after the field
     * {@code after} ({@code ""}: first), with a comma before or after it as {@link #commaBefore} and {@link
     * #commaAfter} say; -1 when unknown (no metadata object, a mapper that filters fields, another place asked).
     */
    public int resourceVersionAt(String after) {
        return resourceVersionAt >= 0 && this.after.equals(after) ? resourceVersionAt : -1;
    }

    public boolean commaBefore() {
        return commaBefore;
    }

    public boolean commaAfter() {
        return commaAfter;
    }

    /**
     * Whether the bytes begin with {@code "kind"} and {@code "apiVersion"}, as these strings, as their first two
     * fields.
     */
    public boolean beginsWith(String kind, String apiVersion) {
        return kind.equals(this.kind) && apiVersion.equals(this.apiVersion);
    }

    /** The object written field by field, the place of the resourceVersion noted on the way. */
    private static final class Walk implements JsonSerializable {
        private final ObjectNode obj;
        private ThreadOutput out;
        private int at = -1;
        private boolean commaBefore;
        private boolean commaAfter;
        private String after = "";
        private String kind;
        private String apiVersion;

        Walk(ObjectNode obj) {
            this.obj = obj;
        }

        @Override
        @SuppressWarnings("deprecation") // WRITE_EMPTY_JSON_ARRAYS: ObjectNode's serialization still reads it
        public void serialize(JsonGenerator g, SerializerProvider provider) throws IOException {
            if (!provider.isEnabled(SerializationFeature.WRITE_EMPTY_JSON_ARRAYS)
                    || !provider.isEnabled(JsonNodeFeature.WRITE_NULL_PROPERTIES)
                    || provider.isEnabled(JsonNodeFeature.WRITE_PROPERTIES_SORTED)) {
                // the mapper filters or sorts fields: a shallow copy without the two fields, the place unknown
                withoutServerFields(obj).serialize(g, provider);
                return;
            }
            g.writeStartObject(obj, obj.size());
            int index = 0;
            for (Map.Entry<String, JsonNode> field : obj.properties()) {
                String name = field.getKey();
                JsonNode value = field.getValue();
                if (index == 0 && name.equals("kind")) {
                    kind = value.textValue();
                } else if (index == 1 && name.equals("apiVersion") && kind != null) {
                    apiVersion = value.textValue();
                }
                index++;
                g.writeFieldName(name);
                if (name.equals(METADATA) && value instanceof ObjectNode meta) {
                    writeMetadata(g, provider, meta);
                } else {
                    value.serialize(g, provider);
                }
            }
            g.writeEndObject();
        }

        private void writeMetadata(JsonGenerator g, SerializerProvider provider, ObjectNode meta) throws IOException {
            g.writeStartObject(meta, meta.size());
            String previous = "";
            boolean written = false;
            for (Map.Entry<String, JsonNode> field : meta.properties()) {
                String name = field.getKey();
                if (name.equals(RESOURCE_VERSION)) {
                    at = position(g);
                    after = previous;
                    commaBefore = written;
                    continue;
                }
                if (name.equals(SELF_LINK)) {
                    continue;
                }
                if (at >= 0 && !commaBefore) {
                    // the resourceVersion goes first, before this field
                    commaAfter = true;
                }
                g.writeFieldName(name);
                field.getValue().serialize(g, provider);
                previous = name;
                written = true;
            }
            if (at < 0) {
                // none in the tree: the answer's goes last, where the write puts it
                at = position(g);
                after = previous;
                commaBefore = written;
            }
            g.writeEndObject();
        }

        /** The offset in the output of what the generator writes next. */
        private int position(JsonGenerator g) {
            return out.size() + g.getOutputBuffered();
        }

        @Override
        public void serializeWithType(JsonGenerator g, SerializerProvider provider, TypeSerializer typeSer)
                throws IOException {
            serialize(g, provider);
        }
    }

    /** {@code obj} with a metadata object without resourceVersion and selfLink, sharing every other node. */
    private static ObjectNode withoutServerFields(ObjectNode obj) {
        ObjectNode copy = obj.objectNode();
        copy.setAll(obj);
        if (obj.get(METADATA) instanceof ObjectNode meta) {
            ObjectNode metaCopy = meta.objectNode();
            metaCopy.setAll(meta);
            metaCopy.remove(RESOURCE_VERSION);
            metaCopy.remove(SELF_LINK);
            copy.set(METADATA, metaCopy);
        }
        return copy;
    }
    /**
     * The thread's output buffer, kept between writes, from which the stored bytes are copied once at their length: a
     * growing builder allocated its blocks and then the result again (twice the object's size per write). A buffer
     * grown beyond {@value #KEPT} bytes is not kept; a write while the thread's buffer is taken gets one of its own.
     */
    private static final class ThreadOutput extends OutputStream {

        private static final int INITIAL = 16 * 1024;
        private static final int KEPT = 128 * 1024;
        private static final ThreadLocal<ThreadOutput> OF_THREAD = ThreadLocal.withInitial(ThreadOutput::new);

        private byte[] buf = new byte[INITIAL];
        private int count;
        private boolean taken;

        static ThreadOutput take() {
            ThreadOutput out = OF_THREAD.get();
            if (out.taken) {
                out = new ThreadOutput();
            }
            out.taken = true;
            return out;
        }

        void release() {
            count = 0;
            taken = false;
            if (buf.length > KEPT) {
                buf = new byte[INITIAL];
            }
        }

        int size() {
            return count;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, count);
        }

        @Override
        public void write(int b) {
            ensure(1);
            buf[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            ensure(len);
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        private void ensure(int more) {
            if (count + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(count + more, buf.length * 2));
            }
        }
    }
}
