package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.Multimaps;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.StoredJsonAnswer;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.StoredObject;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * GET of one object (or of its status subresource, which answers the whole object). An unset resourceVersion
 * is a consistent read, "0" any state the server has (the watch cache's), another value "not older than": the
 * object is served once the cache or store has reached it, and a revision from the future is 504 Too large
 * resource version, as the watch cache answers.
 *
 * <p>Where the answer is the object as compact JSON in its stored form (one served version, no conversion on
 * read), it is made from the stored bytes ({@link StoredJsonAnswer}) instead of decoding and encoding them again;
 * the bytes are the same either way.
 */
public final class GetHandler implements VerbHandler {

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ObjectWriter writer = ObjectWriter.forObject(req);
        String rv = Multimaps.queryParam(req.ctx(), "resourceVersion");
        ReadFreshness freshness;
        if (rv == null || rv.isEmpty()) {
            freshness = ReadFreshness.consistent();
        } else if ("0".equals(rv)) {
            freshness = ReadFreshness.any(); // the watch cache's state as it is
        } else {
            freshness = ReadFreshness.notOlderThan(ListQueries.parseRevision(rv));
        }
        boolean storedForm = writer.writesCompactJson()
                && req.store().servesStoredForm()
                && InputConversions.of(req.type().gvk(req.version())).isEmpty();
        if (!storedForm) {
            return decoded(req, writer, freshness);
        }
        Future<StoredObject> read = req.store().getStored(req.namespace(), req.name(), freshness);
        // a read already answered (a watch cache's copy): written in a plain call, not through a composition
        return read.succeeded()
                ? answer(req, writer, read.result())
                : read.compose(stored -> answer(req, writer, stored));
    }

    private static Future<Void> answer(ResourceRequest req, ObjectWriter writer, StoredObject stored) {
        return CpuWork.run(stored.value().length, () -> {
            Optional<byte[]> answer = StoredJsonAnswer.of(
                    stored.value(), stored.modRevision(), req.type().kind(), req.apiVersion());
            if (answer.isPresent()) {
                writer.writeCompactJson(200, answer.get());
            } else {
                // stored in another form (another kind or version first, say): decoded as below
                writer.writeObject(200, req.present(req.store().decode(stored)));
            }
            return null;
        });
    }

    private static Future<Void> decoded(ResourceRequest req, ObjectWriter writer, ReadFreshness freshness) {
        return req.store().get(req.namespace(), req.name(), freshness).map(obj -> {
            writer.writeObject(200, req.present(obj));
            return null;
        });
    }
}
