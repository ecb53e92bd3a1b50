package cloud.gardener.apiserver.admission.plugins.shoot.dns;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.RequestMemo;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.SecretIndexes;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The default domains a Shoot may use: those of its Seed's {@code spec.dns.defaults} when the Seed has any,
 * else those of the default-domain Secrets in the {@code garden} namespace, highest priority first.
 */
final class DefaultDomains {

    static final String ROLE_LABEL = SecretIndexes.ROLE_LABEL;
    static final String ROLE_DEFAULT_DOMAIN = "default-domain";
    static final String DOMAIN_ANNOTATION = "dns.gardener.cloud/domain";
    static final String PROVIDER_ANNOTATION = "dns.gardener.cloud/provider";
    static final String PRIORITY_ANNOTATION = "dns.gardener.cloud/domain-default-priority";

    private DefaultDomains() {}

    /** {@link #of(ObjectLookup, Shoot)} once per request and seed (admit and validate both ask). */
    static Future<List<String>> of(ObjectLookup objects, RequestMemo memo, Shoot shoot) {
        String name = shoot.spec() == null ? null : shoot.spec().seedName();
        return memo.once(new DomainsOf(name), () -> of(objects, shoot));
    }

    /** The key of the default domains for a Shoot on seed {@code seedName} (null: unscheduled) in a {@link RequestMemo}. */
    private record DomainsOf(String seedName) {}

    /** The default domains for a Shoot; fails as Gardener's {@code getDefaultDomains} does, worded for the caller. */
    static Future<List<String>> of(ObjectLookup objects, Shoot shoot) {
        String name = shoot.spec() == null ? null : shoot.spec().seedName();
        if (name == null) {
            return fromSecrets(objects);
        }
        return objects.get(Seed.class, GardenerResources.SEEDS, "", name).compose(seed -> {
            if (seed.isEmpty()) {
                return failure("Internal error occurred: could not get seed " + name + ": seed.core.gardener.cloud \""
                        + name + "\" not found");
            }
            SeedSpec spec = seed.get().spec();
            List<String> domains = new ArrayList<>();
            if (spec != null && spec.dns() != null) {
                CoreRules.list(spec.dns().defaults()).forEach(d -> domains.add(CoreRules.text(d.domain())));
            }
            return domains.isEmpty() ? fromSecrets(objects) : Future.succeededFuture(List.copyOf(domains));
        });
    }

    /**
     * The default-domain Secrets of the garden namespace, found by their role ({@link SecretIndexes#ROLE}) rather
     * than by a read of the namespace's every Secret, in the namespace's list order; tested as in a scan of all.
     */
    private static Future<List<String>> fromSecrets(ObjectLookup objects) {
        return objects.candidates(
                        GardenerResources.SECRETS,
                        GardenerResources.GARDEN_NAMESPACE,
                        SecretIndexes.ROLE,
                        ROLE_DEFAULT_DOMAIN)
                .compose(secrets -> {
                    List<ObjectMeta> domainSecrets = new ArrayList<>();
                    for (ObjectNode tree : secrets) {
                        ObjectMeta meta = objects.decode(tree, Secret.class).metadata();
                        if (meta != null
                                && ROLE_DEFAULT_DOMAIN.equals(
                                        CoreRules.map(meta.labels()).get(ROLE_LABEL))) {
                            domainSecrets.add(meta);
                        }
                    }
                    domainSecrets.sort(
                            Comparator.comparingInt(DefaultDomains::priority).reversed());
                    List<String> domains = new ArrayList<>();
                    for (ObjectMeta secret : domainSecrets) {
                        Map<String, String> annotations = secret.annotations();
                        if (annotations == null) {
                            return failure("domain secret has no annotations");
                        }
                        String domain = CoreRules.text(annotations.get(DOMAIN_ANNOTATION));
                        if (domain.isEmpty()) {
                            return failure("missing dns domain annotation on domain secret");
                        }
                        if (CoreRules.text(annotations.get(PROVIDER_ANNOTATION)).isEmpty()) {
                            return failure("missing dns provider annotation on domain secret");
                        }
                        domains.add(domain);
                    }
                    // shared by the request's plugins: unmodifiable
                    return Future.succeededFuture(List.copyOf(domains));
                });
    }

    /** The secret's priority; a missing or malformed annotation counts as 0. */
    private static int priority(ObjectMeta secret) {
        try {
            return Integer.parseInt(CoreRules.map(secret.annotations()).getOrDefault(PRIORITY_ANNOTATION, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Gardener wraps these in a plain error, which the server answers with a 500 without reason. */
    private static <T> Future<T> failure(String message) {
        return Future.failedFuture(ApiException.unknown("error retrieving default domains: " + message));
    }
}
