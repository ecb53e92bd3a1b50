package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.discovery.AggregatedDiscoveryVersion;
import cloud.gardener.apiserver.discovery.DiscoveryDocuments;
import cloud.gardener.apiserver.endpoints.negotiation.MediaType;
import cloud.gardener.apiserver.endpoints.negotiation.OutputNegotiator;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;

/**
 * {@code /apis}, {@code /apis/<g>}, {@code /apis/<g>/<v>}, {@code /api} and {@code /api/v1}. {@code /apis}
 * and {@code /api} answer aggregated discovery (v2 or v2beta1, with ETag and 304) when the first acceptable
 * Accept clause asks for it, and the legacy documents otherwise.
 */
public final class DiscoveryEndpoints {

    private final DiscoveryDocuments documents;

    public DiscoveryEndpoints(ResourceRegistry resources) {
        this.documents = new DiscoveryDocuments(resources);
    }

    public void handle(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        List<String> parts = List.of(path.replaceAll("^/+|/+$", "").split("/+"));
        boolean pretty =
                OutputNegotiator.isPretty(Multimaps.query(ctx), ctx.request().getHeader("User-Agent"));
        try {
            boolean legacyCore = parts.get(0).equals("api");
            if (parts.size() == 1) {
                Optional<AggregatedDiscoveryVersion> aggregated =
                        aggregatedVersion(ctx.request().getHeader("Accept"));
                if (aggregated.isPresent()
                        && (!legacyCore || documents.aggregatedApiEtag().isPresent())) {
                    writeAggregated(ctx, aggregated.get(), legacyCore);
                    return;
                }
                OutputNegotiator.forNonResource(ctx.request().getHeader("Accept"), pretty);
                JsonNode doc = legacyCore ? DiscoveryDocuments.apiVersions(null) : documents.apiGroupList(null);
                Responses.writeJson(ctx, 200, doc, pretty);
                return;
            }
            OutputNegotiator.forNonResource(ctx.request().getHeader("Accept"), pretty);
            Optional<? extends JsonNode> doc;
            if (legacyCore) {
                doc = parts.size() == 2 ? documents.apiResourceList("", parts.get(1)) : Optional.empty();
            } else if (parts.size() == 2) {
                doc = documents.apiGroup(parts.get(1), null);
            } else {
                doc = documents.apiResourceList(parts.get(1), parts.get(2));
            }
            if (doc.isEmpty()) {
                throw ApiException.resourceNotFound();
            }
            Responses.writeJson(ctx, 200, doc.get(), pretty);
        } catch (RuntimeException e) {
            Responses.fail(ctx, e);
        }
    }

    private void writeAggregated(RoutingContext ctx, AggregatedDiscoveryVersion version, boolean legacyCore) {
        String etag = legacyCore ? documents.aggregatedApiEtag().orElseThrow() : documents.aggregatedApisEtag();
        ctx.response().putHeader("ETag", etag).putHeader("Vary", "Accept").putHeader("Cache-Control", "public");
        if (etag.equals(ctx.request().getHeader("If-None-Match"))) {
            ctx.response().setStatusCode(304).end();
            return;
        }
        byte[] body =
                legacyCore ? documents.aggregatedApiJson(version).orElseThrow() : documents.aggregatedApisJson(version);
        Responses.write(ctx, 200, version.contentType(), body);
    }

    /** The aggregated form when the first clause we can serve asks for it; empty for the legacy form. */
    static Optional<AggregatedDiscoveryVersion> aggregatedVersion(String accept) {
        if (accept == null || accept.isBlank()) {
            return Optional.empty();
        }
        for (MediaType clause : MediaType.parseAccept(accept)) {
            String as = clause.param("as");
            if (as == null) {
                String essence = clause.essence();
                if (essence.equals("application/json")
                        || essence.equals("*/*")
                        || essence.equals("application/*")
                        || essence.equals("application/yaml")) {
                    return Optional.empty();
                }
                continue;
            }
            if ("APIGroupDiscoveryList".equals(as)
                    && AggregatedDiscoveryVersion.GROUP.equals(clause.param("g"))
                    && clause.essence().equals("application/json")) {
                for (AggregatedDiscoveryVersion v : AggregatedDiscoveryVersion.values()) {
                    if (v.version().equals(clause.param("v"))) {
                        return Optional.of(v);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
