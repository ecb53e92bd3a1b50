package cloud.gardener.apiserver.admission.plugins.shoot.dns;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
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
    private static final String RANDOM_CHARSET = "0123456789abcdefghijklmnopqrstuvwxyz";

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
    public Future<Void> admit(Attributes a) {
        if (ignores(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ObjectNode shoot = a.object();
        return DefaultDomains.of(objects, shoot).compose(defaultDomains -> {
            if (a.operation() == Operation.UPDATE && a.oldObject() != null) {
                keepPrimaryProvider(a.oldObject(), shoot);
            }
            if (!hasValue(shoot.path("spec").get("seedName"))) {
                return Future.succeededFuture();
            }
            Future<Void> assigned = usesUnmanagedDns(shoot)
                    ? Future.succeededFuture()
                    : assignDefaultDomainIfNeeded(shoot, defaultDomains);
            return assigned.map(v -> {
                if (shoot.path("spec").get("dns") instanceof ObjectNode dns) {
                    setPrimaryProvider(dns, defaultDomains);
                }
                return null;
            });
        });
    }

    /** A client that drops the primary flag keeps the old primary provider primary (same type and credentials). */
    private static void keepPrimaryProvider(JsonNode oldShoot, ObjectNode shoot) {
        JsonNode oldDns = oldShoot.path("spec").get("dns");
        JsonNode dns = shoot.path("spec").get("dns");
        if (!hasValue(oldDns) || !hasValue(dns)) {
            return;
        }
        JsonNode oldPrimary = primaryProvider(oldDns);
        if (oldPrimary == null || primaryProvider(dns) != null) {
            return;
        }
        for (JsonNode provider : dns.path("providers")) {
            if (Objects.equals(provider.get("type"), oldPrimary.get("type"))
                    && Objects.equals(provider.get("credentialsRef"), oldPrimary.get("credentialsRef"))) {
                ((ObjectNode) provider).put("primary", true);
                break;
            }
        }
    }

    private Future<Void> assignDefaultDomainIfNeeded(ObjectNode shoot, List<String> defaultDomains) {
        ObjectNode dns = ShootTrees.object(shoot, "spec", "dns");
        if (defaultDomains.isEmpty() || hasValue(dns.get("domain"))) {
            return Future.succeededFuture();
        }
        JsonNode meta = shoot.path("metadata");
        String dnsName = meta.path("name").asText();
        String generateName = meta.path("generateName").asText();
        if (dnsName.isEmpty() && !generateName.isEmpty()) {
            dnsName = randomString(generateName.length() + 5);
        }
        String shootDnsName = dnsName;
        return Projects.forNamespace(objects, meta.path("namespace").asText()).compose(project -> {
            if (project.isEmpty()) {
                return Future.failedFuture(ApiException.internal(Projects.NOT_FOUND));
            }
            dns.put("domain", shootDnsName + "." + project.get().metadata().name() + "." + defaultDomains.get(0));
            return Future.succeededFuture();
        });
    }

    private static void setPrimaryProvider(ObjectNode dns, List<String> defaultDomains) {
        if (hasValue(dns.get("domain")) && isDefaultDomain(dns.get("domain").asText(), defaultDomains)) {
            return;
        }
        JsonNode providers = dns.path("providers");
        if (primaryProvider(dns) == null && providers.size() > 0) {
            ((ObjectNode) providers.get(0)).put("primary", true);
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
        ObjectNode shoot = a.object();
        return DefaultDomains.of(objects, shoot).compose(defaultDomains -> {
            List<FieldError> errs = new ArrayList<>(checkPrimaryProvider(shoot, defaultDomains));
            boolean checkFormat = isDomainSet(shoot) && !usesUnmanagedDns(shoot);
            if (a.operation() == Operation.UPDATE) {
                JsonNode old = a.oldObject();
                boolean newlyScheduledOrNamed = !hasValue(old.path("spec").get("seedName")) || !isDomainSet(old);
                checkFormat = checkFormat && newlyScheduledOrNamed;
            }
            Future<List<FieldError>> format =
                    checkFormat ? checkDefaultDomainFormat(shoot, defaultDomains) : Future.succeededFuture(List.of());
            return format.compose(formatErrs -> {
                errs.addAll(formatErrs);
                if (errs.isEmpty()) {
                    return Future.succeededFuture();
                }
                return Future.failedFuture(ApiException.invalid(
                        a.kind(), shoot.path("metadata").path("name").asText(), errs));
            });
        });
    }

    private static List<FieldError> checkPrimaryProvider(JsonNode shoot, List<String> defaultDomains) {
        JsonNode dns = shoot.path("spec").path("dns");
        List<FieldError> errs = new ArrayList<>();
        if (!hasValue(dns.get("domain")) || !isDefaultDomain(dns.get("domain").asText(), defaultDomains)) {
            return errs;
        }
        JsonNode providers = dns.path("providers");
        for (int i = 0; i < providers.size(); i++) {
            if (providers.get(i).path("primary").asBoolean(false)) {
                errs.add(FieldError.invalid(
                        "spec.dns.providers[" + i + "].primary",
                        true,
                        "primary dns provider must not be set when default domain is used"));
            }
        }
        return errs;
    }

    private Future<List<FieldError>> checkDefaultDomainFormat(JsonNode shoot, List<String> defaultDomains) {
        JsonNode meta = shoot.path("metadata");
        return Projects.forNamespace(objects, meta.path("namespace").asText()).compose(found -> {
            if (found.isEmpty()) {
                return Future.failedFuture(ApiException.internal(Projects.NOT_FOUND));
            }
            String project = found.get().metadata().name();
            String domain = shoot.path("spec").path("dns").path("domain").asText();
            String name = meta.path("name").asText();
            String generateName = meta.path("generateName").asText();
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

    private static boolean isDomainSet(JsonNode shoot) {
        return hasValue(shoot.path("spec").path("dns").get("domain"));
    }

    private static boolean isDefaultDomain(String domain, List<String> defaultDomains) {
        return defaultDomains.stream().anyMatch(d -> domain.endsWith("." + d));
    }

    /** {@code FindPrimaryDNSProvider}: the first provider marked primary, or null. */
    private static JsonNode primaryProvider(JsonNode dns) {
        for (JsonNode provider : dns.path("providers")) {
            if (provider.path("primary").asBoolean(false)) {
                return provider;
            }
        }
        return null;
    }

    /** {@code ShootUsesUnmanagedDNS}: the primary (else the first) provider is of type "unmanaged". */
    private static boolean usesUnmanagedDns(JsonNode shoot) {
        JsonNode dns = shoot.path("spec").get("dns");
        if (!hasValue(dns)) {
            return false;
        }
        JsonNode primary = primaryProvider(dns);
        JsonNode candidate = primary != null ? primary : dns.path("providers").path(0);
        return UNMANAGED.equals(candidate.path("type").asText(null));
    }

    private static boolean hasValue(JsonNode node) {
        return node != null && !node.isNull() && !node.isMissingNode();
    }

    private static String randomString(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(RANDOM_CHARSET.charAt(ThreadLocalRandom.current().nextInt(RANDOM_CHARSET.length())));
        }
        return sb.toString();
    }
}
