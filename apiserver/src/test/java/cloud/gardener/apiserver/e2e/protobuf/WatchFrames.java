package cloud.gardener.apiserver.e2e.protobuf;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads a protobuf watch stream as client-go's framer does: length-prefixed {@code metav1.WatchEvent} messages. */
final class WatchFrames {

    /** One event: its type and its object's protobuf body (envelope included). */
    @SuppressWarnings("ArrayRecordComponent") // the object's body as read, compared by the decoder only
    record Frame(String type, byte[] object) {}

    private WatchFrames() {}

    /** The WatchEvent messages {type = 1, object = 2 {raw = 1}} of a stream of 4-byte big-endian lengths and messages. */
    static List<Frame> read(byte[] stream) throws IOException {
        List<Frame> frames = new ArrayList<>();
        int at = 0;
        while (at < stream.length) {
            int length = ((stream[at] & 0xff) << 24)
                    | ((stream[at + 1] & 0xff) << 16)
                    | ((stream[at + 2] & 0xff) << 8)
                    | (stream[at + 3] & 0xff);
            CodedInputStream in = CodedInputStream.newInstance(stream, at + 4, length);
            String type = null;
            byte[] object = null;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) == 1) {
                    type = in.readString();
                } else {
                    CodedInputStream raw = CodedInputStream.newInstance(in.readByteArray());
                    for (int t = raw.readTag(); t != 0; t = raw.readTag()) {
                        object = raw.readByteArray();
                    }
                }
            }
            frames.add(new Frame(type, object));
            at += 4 + length;
        }
        return frames;
    }
}
