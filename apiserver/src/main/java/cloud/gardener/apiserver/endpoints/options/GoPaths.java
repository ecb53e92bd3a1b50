package cloud.gardener.apiserver.endpoints.options;

import java.util.ArrayDeque;
import java.util.Deque;

/** Go's {@code path.Clean}, which guards continue tokens against escaping their key prefix. */
final class GoPaths {

    private GoPaths() {}

    static String clean(String path) {
        if (path.isEmpty()) {
            return ".";
        }
        boolean rooted = path.startsWith("/");
        Deque<String> out = new ArrayDeque<>();
        int dotdots = 0;
        for (String seg : path.split("/", -1)) {
            if (seg.isEmpty() || seg.equals(".")) {
                continue;
            }
            if (seg.equals("..")) {
                if (out.size() > dotdots) {
                    out.removeLast();
                } else if (!rooted) {
                    out.addLast("..");
                    dotdots++;
                }
                continue;
            }
            out.addLast(seg);
        }
        String joined = String.join("/", out);
        if (rooted) {
            return "/" + joined;
        }
        return joined.isEmpty() ? "." : joined;
    }
}
