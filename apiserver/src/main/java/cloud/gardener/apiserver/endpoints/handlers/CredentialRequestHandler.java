package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.audit.RequestAudit;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.endpoints.options.WriteOptions;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/**
 * A create-only subresource that answers with another kind ({@code shoots/adminkubeconfig},
 * {@code shoots/viewerkubeconfig}, {@code workloadidentities/token}), as k8s.io/apiserver serves a
 * {@code NamedCreater}: the body is decoded as that kind (field validation and defaults included), the issuer
 * fills in the credential, and the answer is 201 with the completed request. Nothing is stored.
 *
 * <p>The request passes the admission chain first, as the create handler's mutating admission and the REST
 * storage's {@code createValidation} do upstream: kind of the request, resource and subresource of the URL, the
 * parent's name and namespace. {@code dryRun} is not honoured there either: Gardener's issuers ignore it.
 */
public final class CredentialRequestHandler implements VerbHandler {

    /** Issues the credential for a decoded request. */
    @FunctionalInterface
    public interface Issuer {
        Future<ObjectNode> issue(ResourceRequest req, ObjectNode request);
    }

    private final GroupVersionKind kind;
    private final Class<?> model;
    private final Issuer issuer;
    private final AdmissionChain admission;

    public CredentialRequestHandler(GroupVersionKind kind, Class<?> model, Issuer issuer, AdmissionChain admission) {
        this.kind = kind;
        this.model = model;
        this.issuer = issuer;
        this.admission = admission;
    }

    @Override
    public Future<Void> handle(ResourceRequest req) {
        if (!"create".equals(req.info().verb())) {
            throw ApiException.methodNotAllowed();
        }
        WriteOptions options = WriteOptions.parse(req.query(), WriteOptions.Operation.CREATE);
        ObjectWriter writer = ObjectWriter.forObject(req);
        ObjectNode request = decode(req, options.fieldValidation());
        Attributes attributes = new Attributes(
                kind,
                req.type().groupResource(),
                req.subresource(),
                req.namespace(),
                req.name(),
                Operation.CREATE,
                request,
                null,
                req.user(),
                options.dryRun(),
                Responses.warnings(req.ctx())::add,
                RequestAudit.admissionAnnotations(req.ctx()));
        return admission
                .run(attributes)
                .compose(v -> issuer.issue(req, request))
                .map(answer -> {
                    writer.writeObject(201, answer);
                    return null;
                });
    }

    /** The body as this kind: JSON or YAML, apiVersion and kind defaulted and checked, decoded and defaulted. */
    ObjectNode decode(ResourceRequest req, FieldValidation validation) {
        RequestBodies.ParsedObject body = RequestBodies.parseObject(req, kind);
        Decoded<?> decoded;
        try {
            decoded = ModelCodec.decode(body.object(), model);
        } catch (DecodeException e) {
            throw RequestBodies.cannotBeHandled(kind, e.getMessage());
        }
        List<String> problems = body.body().strictProblems(decoded.problems());
        if (!problems.isEmpty() && validation == FieldValidation.STRICT) {
            throw RequestBodies.cannotBeHandled(kind, "strict decoding error: " + String.join(", ", problems));
        }
        if (validation == FieldValidation.WARN) {
            RequestBodies.ParsedBody.warnings(problems)
                    .forEach(p -> Responses.warnings(req.ctx()).add(p));
        }
        ObjectNode request = ModelCodec.encode(decoded.value());
        Defaulters.of(kind).ifPresent(d -> d.apply(request));
        ObjectNode canonical = ModelCodec.canonical(request, model);
        canonical.put("kind", kind.kind());
        canonical.put("apiVersion", kind.apiVersion());
        return canonical;
    }
}
