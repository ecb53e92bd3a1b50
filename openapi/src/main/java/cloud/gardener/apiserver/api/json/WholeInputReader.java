package cloud.gardener.apiserver.api.json;

import java.io.StringReader;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

/**
 * SnakeYAML's reader over a document already in memory. {@link StreamReader} reads 1,024 characters at a time and
 * copies its whole look-ahead window on each read, so a single long token (a 3 MiB base64 value on one line)
 * costs time quadratic in its length: seconds of CPU. Request bodies are in memory anyway; this reader indexes
 * their code points directly, with the same positions, line counting and printable-character check.
 */
final class WholeInputReader extends StreamReader {

    private static final String NAME = "'reader'";

    private final int[] codePoints;
    private int pointer;
    private int index;
    private int documentIndex;
    private int line;
    private int column;

    WholeInputReader(String text) {
        super(new StringReader(""));
        codePoints = text.codePoints().toArray();
        for (int i = 0; i < codePoints.length; i++) {
            if (!isPrintable(codePoints[i])) {
                throw new ReaderException(NAME, i, codePoints[i], "special characters are not allowed");
            }
        }
    }

    @Override
    public Mark getMark() {
        return new Mark(NAME, index, line, column, codePoints, pointer);
    }

    @Override
    public void forward() {
        forward(1);
    }

    @Override
    public void forward(int length) {
        for (int i = 0; i < length && pointer < codePoints.length; i++) {
            int c = codePoints[pointer++];
            index++;
            documentIndex++;
            if (Constant.LINEBR.has(c) || (c == '\r' && pointer < codePoints.length && codePoints[pointer] != '\n')) {
                line++;
                column = 0;
            } else if (c != 0xFEFF) {
                column++;
            }
        }
    }

    @Override
    public int peek() {
        return peek(0);
    }

    @Override
    public int peek(int offset) {
        int at = pointer + offset;
        return at < codePoints.length ? codePoints[at] : '\0';
    }

    @Override
    public String prefix(int length) {
        int available = Math.min(length, codePoints.length - pointer);
        return available <= 0 ? "" : new String(codePoints, pointer, available);
    }

    @Override
    public String prefixForward(int length) {
        String prefix = prefix(length);
        pointer += length;
        index += length;
        documentIndex += length;
        column += length;
        return prefix;
    }

    @Override
    public int getColumn() {
        return column;
    }

    @Override
    public int getDocumentIndex() {
        return documentIndex;
    }

    @Override
    public void resetDocumentIndex() {
        documentIndex = 0;
    }

    @Override
    public int getIndex() {
        return index;
    }

    @Override
    public int getLine() {
        return line;
    }
}
