package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/**
 * A create-only resource that answers rather than stores (the access reviews, SelfSubjectReview), as a
 * k8s.io/apiserver {@code rest.Creater} without storage: the body is decoded as the resource's kind (JSON, YAML or
 * protobuf, field validation and defaults included) and the answer is 201 with the completed review.
 */
public final class ReviewHandler implements VerbHandler {

    /** Completes a decoded review for the request's user. */
    @FunctionalInterface
    public interface Reviewer {
        Future<ObjectNode> review(ResourceRequest req, ObjectNode review);
    }

    private final Reviewer reviewer;

    public ReviewHandler(Reviewer reviewer) {
        this.reviewer = reviewer;
    }

    @Override
    public Future<Void> handle(ResourceRequest req) {
        if (!"create".equals(req.info().verb())) {
            throw ApiException.methodNotAllowed();
        }
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.CREATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        ObjectNode review = RequestBodies.readObject(req, options.fieldValidation());
        // as every create: a namespaced review takes the URL's namespace, a cluster-scoped one drops any
        RequestBodies.checkNamespace(req, review);
        return reviewer.review(req, review).map(answer -> {
            writer.writeObject(201, answer);
            return null;
        });
    }
}
