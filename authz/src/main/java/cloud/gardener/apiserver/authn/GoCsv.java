package cloud.gardener.apiserver.authn;

import java.util.ArrayList;
import java.util.List;

/**
 * The records of a CSV text as Go's {@code encoding/csv} reader reads them with its defaults: comma
 * separated, RFC 4180 quoting ({@code ""} inside quotes, quoted fields may span lines), empty lines
 * skipped, {@code \r\n} line ends, records of any length, and a bare {@code "} in an unquoted field an
 * error.
 */
final class GoCsv {

    private GoCsv() {}

    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        int i = 0;
        int line = 1;
        int n = text.length();
        while (i < n) {
            // Empty lines are skipped, as Go does.
            if (text.charAt(i) == '\n') {
                i++;
                line++;
                continue;
            }
            if (text.charAt(i) == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                i += 2;
                line++;
                continue;
            }
            List<String> record = new ArrayList<>();
            while (true) {
                StringBuilder field = new StringBuilder();
                if (i < n && text.charAt(i) == '"') {
                    i++;
                    int startLine = line;
                    while (true) {
                        if (i >= n) {
                            throw new IllegalArgumentException(
                                    "record on line " + startLine + ": extraneous or missing \" in quoted-field");
                        }
                        char c = text.charAt(i);
                        if (c == '"') {
                            if (i + 1 < n && text.charAt(i + 1) == '"') {
                                field.append('"');
                                i += 2;
                                continue;
                            }
                            i++;
                            break;
                        }
                        if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                            i++;
                            continue;
                        }
                        if (c == '\n') {
                            line++;
                        }
                        field.append(c);
                        i++;
                    }
                    if (i < n
                            && text.charAt(i) != ','
                            && text.charAt(i) != '\n'
                            && !(text.charAt(i) == '\r' && i + 1 < n && text.charAt(i + 1) == '\n')) {
                        throw new IllegalArgumentException(
                                "parse error on line " + line + ": extraneous or missing \" in quoted-field");
                    }
                } else {
                    while (i < n
                            && text.charAt(i) != ','
                            && text.charAt(i) != '\n'
                            && !(text.charAt(i) == '\r' && i + 1 < n && text.charAt(i + 1) == '\n')) {
                        if (text.charAt(i) == '"') {
                            throw new IllegalArgumentException(
                                    "parse error on line " + line + ": bare \" in non-quoted-field");
                        }
                        field.append(text.charAt(i));
                        i++;
                    }
                }
                record.add(field.toString());
                if (i < n && text.charAt(i) == ',') {
                    i++;
                    continue;
                }
                break;
            }
            if (i < n && text.charAt(i) == '\r') {
                i++;
            }
            if (i < n && text.charAt(i) == '\n') {
                i++;
                line++;
            }
            records.add(record);
        }
        return records;
    }
}
