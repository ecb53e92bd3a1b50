package cloud.gardener.apiserver.admission.plugins.shoot.dns;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.RequestMemo;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.DNS;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Gardener's ShootDNS, for Shoots and their {@code binding} subresource. Mutating: keeps the primary DNS provider
 * marked when a client dropped the flag, gives a scheduled Shoot without a domain
 * {@code <shoot>.<project>.<first default domain>}, and marks the first provider primary when the domain is not a
 * default one. Validating: no primary provider with a default domain, and a default-domain based domain must
 * follow that scheme.
 */
public final class ShootDns extends BasePlugin implements MutatingPlugin, ValidatingPlugin {

    public static final String NAME = "ShootDNS";
    private static final String UNMANAGED = "unmanaged";
    /** Where the plugin writes the Shoot: its DNS section. */
    private static final Mutation SPEC_DNS = Mutation.at(List.of(List.of("spec", "dns")));

    private static final String RANDOM_CHARSET = "0123456789abcdefghijklmnopqrstuvwxyz";

    private static final ObjectMeta NO_METADATA =
            (ObjectMeta) RecordModel.of(ObjectMeta.class).zero();

    private final ObjectLookup objects;

    public ShootDns(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
    }

    private static boolean ignores(Attributes a) {
        return !RequestChecks.isKind(a, StandardResources.CORE, "Shoot")
                || !(a.subresource().isEmpty() || a.subresource().equals("binding"));
    }

    @Override
    public Future<Mutation> admit(Attributes a) {
        if (ignores(a)) {
            return Mutation.none();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        // the records as this plugin received the Shoot: read before any change of the tree
        Shoot shoot = a.object(Shoot.class);
        Shoot old = a.operation() == Operation.UPDATE && a.oldObject() != null ? a.oldObject(Shoot.class) : null;
        ObjectNode tree = a.object();
        DNS dns = dns(shoot);
        return DefaultDomains.of(objects, a.memo(), shoot).compose(defaultDomains -> {
            int kept = old == null ? -1 : keepPrimaryProvider(dns(old), dns, tree);
            if (shoot.spec() == null || shoot.spec().seedName() == null) {
                return SPEC_DNS.answer(kept >= 0);
            }
            // the primary provider as this plugin leaves it: the one marked, else the one it just marked
            int primary = kept >= 0 ? kept : dns == null ? -1 : primaryProvider(dns);
            Future<String> assigned = usesUnmanagedDns(dns, primary)
                    ? Future.succeededFuture()
                    : assignDefaultDomainIfNeeded(shoot, tree, defaultDomains, a.memo());
            return assigned.map(domain -> {
                if (dns != null) {
                    setPrimaryProvider(tree, dns, domain != null ? domain : dns.domain(), primary, defaultDomains);
                }
                // assignDefaultDomainIfNeeded makes sure of spec.dns
                return SPEC_DNS;
            });
        });
    }

    /**
     * A client that drops the primary flag keeps the old primary provider primary (same type and credentials).
     *
     * @return the index of the provider marked primary, or -1
     */
    private static int keepPrimaryProvider(DNS oldDns, DNS dns, ObjectNode tree) {
        if (oldDns == null || dns == null) {
            return -1;
        }
        int oldPrimary = primaryProvider(oldDns);
        if (oldPrimary < 0 || primaryProvider(dns) >= 0) {
            return -1;
        }
        DNSProvider old = oldDns.providers().get(oldPrimary);
        List<DNSProvider> providers = CoreRules.list(dns.providers());
        for (int i = 0; i < providers.size(); i++) {
            DNSProvider provider = providers.get(i);
            if (Objects.equals(provider.type(), old.type())
                    && Objects.equals(provider.credentialsRef(), old.credentialsRef())) {
                markPrimary(tree, i);
                return i;
            }
        }
        return -1;
    }

    /** Writes {@code spec.dns.domain} when the scheduled Shoot has none; answers the domain written, or null. */
    private Future<String> assignDefaultDomainIfNeeded(
            Shoot shoot, ObjectNode tree, List<String> defaultDomains, RequestMemo memo) {
        ObjectNode dns = ShootTrees.object(tree, "spec", "dns");
        DNS given = dns(shoot);
        if (defaultDomains.isEmpty() || (given != null && given.domain() != null)) {
            return Future.succeededFuture();
        }
        ObjectMeta meta = metadata(shoot);
        String dnsName = CoreRules.text(meta.name());
        String generateName = CoreRules.text(meta.generateName());
        if (dnsName.isEmpty() && !generateName.isEmpty()) {
            dnsName = randomString(generateName.length() + 5);
        }
        String shootDnsName = dnsName;
        return Projects.forNamespace(objects, memo, CoreRules.text(meta.namespace()))
                .compose(project -> {
                    if (project.isEmpty()) {
                        return Future.failedFuture(ApiException.internal(Projects.NOT_FOUND));
                    }
                    String domain =
                            shootDnsName + "." + project.get().metadata().name() + "." + defaultDomains.get(0);
                    dns.put("domain", domain);
                    return Future.succeededFuture(domain);
                });
    }

    /** Marks the first provider primary when the domain (as this plugin leaves it) is not a default one. */
    private static void setPrimaryProvider(
            ObjectNode tree, DNS dns, String domain, int primary, List<String> defaultDomains) {
        if (domain != null && isDefaultDomain(domain, defaultDomains)) {
            return;
        }
        if (primary < 0 && !CoreRules.list(dns.providers()).isEmpty()) {
            markPrimary(tree, 0);
        }
    }

    private static void markPrimary(ObjectNode tree, int provider) {
        if (tree.path("spec").path("dns").path("providers").get(provider) instanceof ObjectNode p) {
            p.put("primary", true);
        }
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (ignores(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        Shoot shoot = a.object(Shoot.class);
        return DefaultDomains.of(objects, a.memo(), shoot).compose(defaultDomains -> {
            List<FieldError> errs = new ArrayList<>(checkPrimaryProvider(dns(shoot), defaultDomains));
            DNS dns = dns(shoot);
            boolean checkFormat = isDomainSet(dns) && !usesUnmanagedDns(dns, dns == null ? -1 : primaryProvider(dns));
            if (a.operation() == Operation.UPDATE) {
                Shoot old = a.oldObject(Shoot.class);
                boolean newlyScheduledOrNamed =
                        old.spec() == null || old.spec().seedName() == null || !isDomainSet(dns(old));
                checkFormat = checkFormat && newlyScheduledOrNamed;
            }
            Future<List<FieldError>> format = checkFormat
                    ? checkDefaultDomainFormat(shoot, defaultDomains, a.memo())
                    : Future.succeededFuture(List.of());
            return format.compose(formatErrs -> {
                errs.addAll(formatErrs);
                if (errs.isEmpty()) {
                    return Future.succeededFuture();
                }
                return Future.failedFuture(ApiException.invalid(
                        a.kind(), CoreRules.text(metadata(shoot).name()), errs));
            });
        });
    }

    private static List<FieldError> checkPrimaryProvider(DNS dns, List<String> defaultDomains) {
        List<FieldError> errs = new ArrayList<>();
        if (!isDomainSet(dns) || !isDefaultDomain(dns.domain(), defaultDomains)) {
            return errs;
        }
        List<DNSProvider> providers = CoreRules.list(dns.providers());
        for (int i = 0; i < providers.size(); i++) {
            if (Boolean.TRUE.equals(providers.get(i).primary())) {
                errs.add(FieldError.invalid(
                        "spec.dns.providers[" + i + "].primary",
                        true,
                        "primary dns provider must not be set when default domain is used"));
            }
        }
        return errs;
    }

    private Future<List<FieldError>> checkDefaultDomainFormat(
            Shoot shoot, List<String> defaultDomains, RequestMemo memo) {
        ObjectMeta meta = metadata(shoot);
        return Projects.forNamespace(objects, memo, CoreRules.text(meta.namespace()))
                .compose(found -> {
                    if (found.isEmpty()) {
                        return Future.failedFuture(ApiException.internal(Projects.NOT_FOUND));
                    }
                    String project = found.get().metadata().name();
                    String domain = CoreRules.text(dns(shoot).domain());
                    String name = CoreRules.text(meta.name());
                    String generateName = CoreRules.text(meta.generateName());
                    for (String defaultDomain : defaultDomains) {
                        if (!domain.endsWith("." + defaultDomain)) {
                            continue;
                        }
                        if (!generateName.isEmpty() && (name.isEmpty() || name.startsWith(generateName))) {
                            String suffix = "." + project + "." + defaultDomain;
                            if (!domain.endsWith(suffix)) {
                                return Future.succeededFuture(List.of(FieldError.invalid(
                                        "spec.dns.domain",
                                        domain,
                                        "shoot with 'metadata.generateName' uses a default domain but does not match expected "
                                                + "scheme: <random-subdomain>.<project-name>.<default-domain> (expected '"
                                                + suffix + "' to be a suffix of '" + domain + "')")));
                            }
                            return Future.succeededFuture(List.of());
                        }
                        String expected = name + "." + project + "." + defaultDomain;
                        if (!domain.equals(expected)) {
                            return Future.succeededFuture(List.of(FieldError.invalid(
                                    "spec.dns.domain",
                                    domain,
                                    "shoot uses a default domain but does not match expected scheme: "
                                            + "<shoot-name>.<project-name>.<default-domain> (expected '" + expected
                                            + "', but got '" + domain + "')")));
                        }
                        return Future.succeededFuture(List.of());
                    }
                    return Future.succeededFuture(List.of());
                });
    }

    private static DNS dns(Shoot shoot) {
        return shoot.spec() == null ? null : shoot.spec().dns();
    }

    /** A Shoot record's metadata; absent reads as Go's zero ObjectMeta. */
    private static ObjectMeta metadata(Shoot shoot) {
        return shoot.metadata() != null ? shoot.metadata() : NO_METADATA;
    }

    private static boolean isDomainSet(DNS dns) {
        return dns != null && dns.domain() != null;
    }

    private static boolean isDefaultDomain(String domain, List<String> defaultDomains) {
        return defaultDomains.stream().anyMatch(d -> domain.endsWith("." + d));
    }

    /** {@code FindPrimaryDNSProvider}: the index of the first provider marked primary, or -1. */
    private static int primaryProvider(DNS dns) {
        List<DNSProvider> providers = CoreRules.list(dns.providers());
        for (int i = 0; i < providers.size(); i++) {
            if (Boolean.TRUE.equals(providers.get(i).primary())) {
                return i;
            }
        }
        return -1;
    }

    /** {@code ShootUsesUnmanagedDNS}: the primary (else the first) provider is of type "unmanaged". */
    private static boolean usesUnmanagedDns(DNS dns, int primary) {
        if (dns == null) {
            return false;
        }
        List<DNSProvider> providers = CoreRules.list(dns.providers());
        int candidate = primary >= 0 ? primary : 0;
        return candidate < providers.size()
                && UNMANAGED.equals(providers.get(candidate).type());
    }

    private static String randomString(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(RANDOM_CHARSET.charAt(ThreadLocalRandom.current().nextInt(RANDOM_CHARSET.length())));
        }
        return sb.toString();
    }
}
