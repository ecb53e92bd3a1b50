package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import io.vertx.core.Future;

/** GET of one object (or of its status subresource, which answers the whole object). */
public final class GetHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ObjectWriter writer = ObjectWriter.forObject(req);
        return req.store().get(req.namespace(), req.name())
                .map(obj -> {
                    writer.writeObject(200, req.present(obj));
                    return null;
                });
    }
}
