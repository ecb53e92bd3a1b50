package cloud.gardener.apiserver.admission.plugins.shoot.dnsrewriting;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/** Gardener's ShootDNSRewriting (off by default): new Shoots get the configured CoreDNS rewriting suffixes. */
public final class ShootDnsRewriting extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ShootDNSRewriting";

    private final DnsRewritingConfiguration config;

    public ShootDnsRewriting(PluginContext context) {
        super(NAME, Operation.CREATE);
        this.config = DnsRewritingConfiguration.from(context.configuration());
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Shoot")
                || !RequestChecks.isMainResource(a)
                || config.commonSuffixes().isEmpty()) {
            return Mutation.none();
        }
        ObjectNode rewriting = ShootTrees.object(a.object(), "spec", "systemComponents", "coreDNS", "rewriting");
        ArrayNode suffixes =
                rewriting.get("commonSuffixes") instanceof ArrayNode l ? l : rewriting.putArray("commonSuffixes");
        config.commonSuffixes().forEach(suffixes::add);
        return Mutation.wrote();
    }
}
