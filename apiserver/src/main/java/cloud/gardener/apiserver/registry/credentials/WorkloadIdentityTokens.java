package cloud.gardener.apiserver.registry.credentials;

import cloud.gardener.apiserver.admission.validation.security.TokenRequestValidator;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequest;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.workloadidentity.IssuedToken;
import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code workloadidentities/token}, as Gardener's {@code TokenRequestREST}: a JWT for the WorkloadIdentity's
 * {@code status.sub} and {@code spec.audiences}, carrying the {@code gardener.cloud} claim with the identity and,
 * for gardenlets (group {@code gardener.cloud:system:seeds}) that name a context object, the objects it stands
 * for. Without a signing key nothing can be issued.
 */
public final class WorkloadIdentityTokens {

    static final String SEEDS_GROUP = "gardener.cloud:system:seeds";
    /** Gardener reports name mismatches against the internal object, whose kind is never set. */
    private static final GroupVersionKind NO_KIND = new GroupVersionKind("", "", "");

    private final Vertx vertx;
    private final StoreReads reads;
    private final ContextObjects contexts;
    private final TokenIssuer issuer;
    private final Clock clock;
    private final TokenRequestValidator validator = new TokenRequestValidator();

    /** @param issuer {@code null} when no signing key is configured */
    public WorkloadIdentityTokens(Vertx vertx, Registry registry, TokenIssuer issuer, Clock clock) {
        this.vertx = vertx;
        this.reads = new StoreReads(registry);
        this.contexts = new ContextObjects(reads);
        this.issuer = issuer;
        this.clock = clock;
    }

    /**
     * Issues a token for a WorkloadIdentity.
     *
     * @param request the decoded and defaulted TokenRequest
     * @return the request with name, namespace, creation time and the token in its status
     */
    public Future<ObjectNode> create(String namespace, String name, ObjectNode request, UserInfo user) {
        if (issuer == null) {
            return Future.failedFuture(
                    ApiException.unknown("TokenIssuer is not set, WorkloadIdentity tokens cannot be issued"));
        }
        if (user == null) {
            return Future.failedFuture(ApiException.badRequest("no user in context"));
        }
        JsonNode meta = request.path("metadata");
        String bodyName = meta.path("name").asText("");
        if (!bodyName.isEmpty() && !bodyName.equals(name)) {
            return Future.failedFuture(ApiException.invalid(
                    NO_KIND,
                    bodyName,
                    List.of(FieldError.invalid(
                            "metadata.name",
                            bodyName,
                            "TokenRequest name does not match WorkloadIdentity name: " + name))));
        }
        if (namespace.isEmpty()) {
            return Future.failedFuture(ApiException.badRequest("must specify namespace"));
        }
        String bodyNamespace = meta.path("namespace").asText("");
        if (!bodyNamespace.isEmpty() && !bodyNamespace.equals(namespace)) {
            return Future.failedFuture(ApiException.invalid(
                    NO_KIND,
                    bodyNamespace,
                    List.of(FieldError.invalid(
                            "metadata.namespace",
                            bodyNamespace,
                            "TokenRequest namespace does not match WorkloadIdentity namespace: " + namespace))));
        }
        return reads.store(StandardResources.SECURITY, "workloadidentities")
                .get(namespace, name)
                .compose(identity -> {
                    ObjectNode tokenRequest = request.deepCopy();
                    ObjectNode metadata = tokenRequest.withObjectProperty("metadata");
                    metadata.put("name", identity.path("metadata").path("name").asText());
                    metadata.put(
                            "namespace",
                            identity.path("metadata").path("namespace").asText());
                    metadata.put("creationTimestamp", Time.of(clock.instant()).toJson());
                    metadata.remove("managedFields");
                    tokenRequest.remove("status");
                    List<FieldError> errs = validate(tokenRequest);
                    if (!errs.isEmpty()) {
                        return Future.failedFuture(ApiException.invalid(StandardResources.TOKEN_REQUEST, "", errs));
                    }
                    return claims(identity, tokenRequest, user)
                            .compose(claims -> vertx.executeBlocking(
                                    () -> {
                                        // signing is CPU work (RSA especially): off the event loop
                                        IssuedToken token = issuer.issue(
                                                identity.path("status")
                                                        .path("sub")
                                                        .asText(""),
                                                audiences(identity),
                                                tokenRequest
                                                        .path("spec")
                                                        .path("expirationSeconds")
                                                        .asLong(),
                                                claims);
                                        ObjectNode status = tokenRequest.putObject("status");
                                        status.put("token", token.token());
                                        status.put(
                                                "expirationTimestamp",
                                                Time.of(token.expiration()).toJson());
                                        return ModelCodec.canonical(tokenRequest, TokenRequest.class);
                                    },
                                    false));
                });
    }

    private List<FieldError> validate(ObjectNode tokenRequest) {
        try {
            return validator.validate(
                    ModelCodec.decode(tokenRequest, TokenRequest.class).value());
        } catch (DecodeException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    private static List<String> audiences(JsonNode identity) {
        List<String> out = new ArrayList<>();
        identity.path("spec").path("audiences").forEach(a -> out.add(a.asText()));
        return out;
    }

    /** The {@code gardener.cloud} claim: the identity and, for gardenlets, the context objects (sorted, as Go's). */
    private Future<ObjectNode> claims(JsonNode identity, JsonNode tokenRequest, UserInfo user) {
        JsonNode context = tokenRequest.path("spec").get("contextObject");
        Future<Map<String, ObjectNode>> refs = context == null || context.isNull() || !user.isInGroup(SEEDS_GROUP)
                ? Future.succeededFuture(new TreeMap<>())
                : contexts.resolve(context)
                        .recover(t -> Future.failedFuture(
                                ApiException.unknown("failed to resolve context object: " + t.getMessage())));
        return refs.map(found -> {
            Map<String, ObjectNode> all = new TreeMap<>(found);
            all.put("workloadIdentity", ContextObjects.ref(identity, true));
            ObjectNode claims = Json.MAPPER.createObjectNode();
            ObjectNode gardener = claims.putObject("gardener.cloud");
            all.forEach(gardener::set);
            return claims;
        });
    }
}
