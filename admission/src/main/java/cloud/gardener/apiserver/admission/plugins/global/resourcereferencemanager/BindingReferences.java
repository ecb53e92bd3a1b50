package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.DryRunClient;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Quota;
import cloud.gardener.apiserver.api.core.v1beta1.QuotaSpec;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.corev1.SecretReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentitySpec;
import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The references of a SecretBinding or CredentialsBinding: shoots using it must keep matching its provider
 * types, the user must be allowed to read the credentials and quotas it names, those must exist, a
 * WorkloadIdentity must target one of its provider types, and at most one quota per scope.
 *
 * <p>For every provider type a copy of a referenced Secret or InternalSecret labelled
 * {@code provider.shoot.gardener.cloud/<type>=true} is created with {@code dryRun=All} (the "provider secret
 * sanity check"), so that a provider extension's admission webhook can reject credentials it cannot use.
 */
final class BindingReferences {

    private static final String GARDENADM_GROUP = "gardener.cloud:system:shoots";
    private static final String GARDENADM_PREFIX = "gardener.cloud:gardenadm:shoot:";

    /** Where a binding's credentials live, as Gardener derives it from the reference. */
    private record Credentials(
            String group, String version, String resource, String kind, String namespace, String name) {}

    private static final String PROVIDER_LABEL_PREFIX = "provider.shoot.gardener.cloud/";

    private final References refs;
    private final DryRunClient dryRun;

    /** @param dryRun where the sanity checks' dry-run creates go; null skips them */
    BindingReferences(References refs, DryRunClient dryRun) {
        this.refs = refs;
        this.dryRun = dryRun;
    }

    Future<Void> check(Attributes a) {
        String kind = a.kind().kind();
        boolean secretBinding = kind.equals("SecretBinding");
        Credentials credentials;
        List<String> providerTypes;
        Function<ShootSpec, String> bindingName;
        ObjectMeta meta;
        List<ObjectReference> quotas;
        if (secretBinding) {
            SecretBinding binding = a.object(SecretBinding.class);
            SecretReference ref = binding.secretRef();
            credentials = new Credentials(
                    "",
                    "v1",
                    "secrets",
                    "Secret",
                    text(ref == null ? null : ref.namespace()),
                    text(ref == null ? null : ref.name()));
            providerTypes = binding.provider() != null
                    ? Arrays.asList(text(binding.provider().type()).split(",", -1))
                    : List.of();
            bindingName = ShootSpec::secretBindingName;
            meta = binding.metadata();
            quotas = binding.quotas();
        } else {
            CredentialsBinding binding = a.object(CredentialsBinding.class);
            credentials = credentialsOf(binding.credentialsRef());
            if (credentials == null) {
                return fail("unknown credentials ref: CredentialsBinding is referencing neither a Secret nor an "
                        + "InternalSecret nor a WorkloadIdentity");
            }
            providerTypes = List.of(
                    text(binding.provider() == null ? null : binding.provider().type()));
            bindingName = ShootSpec::credentialsBindingName;
            meta = binding.metadata();
            quotas = binding.quotas();
        }
        String name = ObjectNames.name(meta);
        return refs.objects()
                .list(Shoot.class, GardenerResources.SHOOTS, a.namespace())
                .compose(shoots -> {
                    for (Shoot shoot : shoots) {
                        ShootSpec spec = shoot.spec();
                        String providerType = text(
                                spec == null || spec.provider() == null
                                        ? null
                                        : spec.provider().type());
                        String used = spec == null ? "" : text(bindingName.apply(spec));
                        if (name.equals(used) && !providerTypes.contains(providerType)) {
                            return fail(kind + " is referenced by shoot "
                                    + GoQuote.quote(ObjectNames.name(shoot.metadata()))
                                    + ", but provider types (" + goList(providerTypes)
                                    + ") do not match with the shoot "
                                    + "provider type " + GoQuote.quote(providerType));
                        }
                    }
                    if (isGardenadmUser(a) && credentials.namespace().equals(a.namespace())) {
                        return Future.succeededFuture();
                    }
                    return refs.mayGet(
                            a.user(),
                            credentials.group(),
                            credentials.version(),
                            credentials.resource(),
                            credentials.namespace(),
                            credentials.name(),
                            "credentials",
                            kind + " cannot reference a " + credentials.kind() + " you are not allowed to read");
                })
                .compose(v -> credentialsExist(credentials, providerTypes))
                .compose(v -> quotas(a, kind, CoreRules.list(quotas), 0, 0, 0));
    }

    private Future<Void> credentialsExist(Credentials c, List<String> providerTypes) {
        return switch (c.kind()) {
            case "WorkloadIdentity" ->
                refs.workloadIdentity(c.namespace(), c.name()).compose(tree -> {
                    WorkloadIdentitySpec spec =
                            refs.objects().decode(tree, WorkloadIdentity.class).spec();
                    String target = text(
                            spec == null || spec.targetSystem() == null
                                    ? null
                                    : spec.targetSystem().type());
                    return providerTypes.contains(target)
                            ? Future.succeededFuture()
                            : fail("CredentialsBinding provider type (" + goList(providerTypes)
                                    + ") does not match with " + "WorkloadIdentity provider type " + target);
                });
            case "InternalSecret" ->
                refs.live(GardenerResources.INTERNAL_SECRETS, c.namespace(), c.name())
                        .compose(secret -> sanityCheck(GardenerResources.INTERNAL_SECRETS, secret, providerTypes, 0));
            default ->
                refs.secret(c.namespace(), c.name())
                        .compose(secret -> sanityCheck(GardenerResources.SECRETS, secret, providerTypes, 0));
        };
    }

    /**
     * Dry-run-creates a provider-labelled copy of the credentials for each provider type, one after the other. The
     * copy is made of the stored tree: it is the body sent on, with every field the Secret has.
     */
    private Future<Void> sanityCheck(GroupResource resource, ObjectNode secret, List<String> providerTypes, int i) {
        if (dryRun == null || i >= providerTypes.size()) {
            return Future.succeededFuture();
        }
        String providerType = providerTypes.get(i);
        JsonNode meta = secret.path("metadata");
        ObjectNode copy = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", secret.path("apiVersion").asText())
                .put("kind", secret.path("kind").asText());
        ObjectNode copyMeta = copy.putObject("metadata")
                .put("generateName", meta.path("name").asText())
                .put("namespace", meta.path("namespace").asText());
        if (meta.path("annotations").isObject()) {
            copyMeta.set("annotations", meta.get("annotations").deepCopy());
        }
        ObjectNode labels = copyMeta.putObject("labels");
        if (meta.path("labels").isObject()) {
            labels.setAll((ObjectNode) meta.get("labels").deepCopy());
        }
        labels.put(PROVIDER_LABEL_PREFIX + providerType, "true");
        for (String field : List.of("type", "data")) {
            if (secret.has(field)) {
                copy.set(field, secret.get(field).deepCopy());
            }
        }
        return dryRun.create(resource, meta.path("namespace").asText(), copy)
                .recover(error -> fail(providerType + " provider secret sanity check failed: "
                        + (error instanceof ApiException e
                                ? e.status().message()
                                : String.valueOf(error.getMessage()))))
                .compose(v -> sanityCheck(resource, secret, providerTypes, i + 1));
    }

    /** Checks the quotas one after the other, counting scopes as Gardener does. */
    private Future<Void> quotas(
            Attributes a, String kind, List<ObjectReference> quotas, int i, int projectScoped, int credentialsScoped) {
        if (i >= quotas.size()) {
            return Future.succeededFuture();
        }
        ObjectReference ref = quotas.get(i);
        String namespace = text(ref.namespace());
        String name = text(ref.name());
        Future<Void> allowed = isGardenadmUser(a) && namespace.equals(a.namespace())
                ? Future.succeededFuture()
                : refs.mayGet(
                        a.user(),
                        StandardResources.CORE,
                        "v1beta1",
                        "quotas",
                        namespace,
                        name,
                        "quota",
                        kind + " cannot reference a quota you are not allowed to read");
        return allowed.compose(v -> refs.fromLister(GardenerResources.QUOTAS, "quota", namespace, name))
                .compose(tree -> {
                    QuotaSpec spec = refs.objects().decode(tree, Quota.class).spec();
                    String scope = scope(spec == null ? null : spec.scope());
                    if (scope == null) {
                        return fail("unknown quota scope");
                    }
                    int p = projectScoped + (scope.equals("project") ? 1 : 0);
                    int c = credentialsScoped + (scope.equals("credentials") ? 1 : 0);
                    if (p > 1 || c > 1) {
                        return fail("only one quota per scope (project or credentials) can be assigned");
                    }
                    return quotas(a, kind, quotas, i + 1, p, c);
                });
    }

    /** {@code helper.QuotaScope}. */
    private static String scope(ObjectReference scopeRef) {
        String gvk = scopeRef == null ? "/" : text(scopeRef.apiVersion()) + "/" + text(scopeRef.kind());
        return switch (gvk) {
            case "core.gardener.cloud/v1beta1/Project" -> "project";
            case "v1/Secret", "security.gardener.cloud/v1alpha1/WorkloadIdentity" -> "credentials";
            default -> null;
        };
    }

    private static Credentials credentialsOf(ObjectReference ref) {
        if (ref == null) {
            return null;
        }
        String namespace = text(ref.namespace());
        String name = text(ref.name());
        return switch (text(ref.apiVersion())) {
            case "v1" -> new Credentials("", "v1", "secrets", "Secret", namespace, name);
            case "security.gardener.cloud/v1alpha1" ->
                new Credentials(
                        StandardResources.SECURITY,
                        "v1alpha1",
                        "workloadidentities",
                        "WorkloadIdentity",
                        namespace,
                        name);
            case "core.gardener.cloud/v1beta1" ->
                new Credentials(
                        StandardResources.CORE, "v1beta1", "internalsecrets", "InternalSecret", namespace, name);
            default -> null;
        };
    }

    private static boolean isGardenadmUser(Attributes a) {
        return a.user().groups().contains(GARDENADM_GROUP) && a.user().name().startsWith(GARDENADM_PREFIX);
    }

    /** Go's {@code %+v} of a string slice. */
    private static String goList(List<String> values) {
        return "[" + String.join(" ", new ArrayList<>(values)) + "]";
    }

    static <T> Future<T> fail(String message) {
        return Future.failedFuture(new ReferenceProblem(message));
    }
}
