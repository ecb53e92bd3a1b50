package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.authn.RequestHeaders;
import io.vertx.core.MultiMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A request's Vert.x headers as authenticators read them, without copying: most requests are authenticated by their
 * certificate or one {@code Authorization} header, so copying every header into maps first was wasted work. Vert.x
 * compares header names case-insensitively (HTTP/1) or receives them lower-cased (HTTP/2), so a lookup by any case
 * finds every value in request order. Read only while the authenticators run, before the credential headers are
 * removed.
 */
record MultiMapRequestHeaders(MultiMap headers) implements RequestHeaders {

    @Override
    public List<String> getAll(String name) {
        return headers.getAll(name);
    }

    @Override
    public Set<String> names() {
        Set<String> lower = new LinkedHashSet<>();
        for (String name : headers.names()) {
            lower.add(name.toLowerCase(Locale.ROOT));
        }
        return lower;
    }
}
