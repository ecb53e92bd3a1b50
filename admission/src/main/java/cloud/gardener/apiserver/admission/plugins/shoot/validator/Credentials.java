package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import io.vertx.core.Future;
import java.util.Objects;

/**
 * The cloud credentials a shoot may switch to: a migration from a SecretBinding to a CredentialsBinding keeps the same
 * secret, and changing the CredentialsBinding needs read access to both the old and the new credentials.
 */
final class Credentials {

    private final GardenObjects garden;
    private final Authorizer authorizer;

    Credentials(GardenObjects garden, Authorizer authorizer) {
        this.garden = garden;
        this.authorizer = authorizer;
    }

    Future<Void> validate(Review r) {
        return migration(r).compose(v -> change(r));
    }

    /** {@code validateSecretBindingToCredentialsBindingMigration}. */
    private Future<Void> migration(Review r) {
        String oldSb = r.oldSpec().secretBindingName();
        if (oldSb == null
                || r.spec().secretBindingName() != null
                || r.oldSpec().credentialsBindingName() != null
                || r.spec().credentialsBindingName() == null) {
            return Future.succeededFuture();
        }
        String namespace = r.a().namespace();
        return garden.lookup()
                .get(SecretBinding.class, GardenObjects.SECRET_BINDINGS, namespace, oldSb)
                .compose(sb -> sb.isEmpty()
                        ? Future.failedFuture(ApiException.internal("could not retrieve previously "
                                + "referenced secret binding: secretbinding.core.gardener.cloud \"" + oldSb
                                + "\" not found"))
                        : Future.succeededFuture(sb.get()))
                .compose(sb -> {
                    CredentialsBinding cb = r.credentialsBinding();
                    ObjectReference ref = cb.credentialsRef();
                    boolean same = ref != null
                            && "Secret".equals(ref.kind())
                            && "v1".equals(ref.apiVersion())
                            && sb.secretRef() != null
                            && Objects.equals(ref.name(), sb.secretRef().name())
                            && Objects.equals(ref.namespace(), sb.secretRef().namespace());
                    return same
                            ? Future.<Void>succeededFuture()
                            : Rejections.forbid(
                                    r.a(),
                                    "it is not allowed to change "
                                            + "the referenced Secret when migrating from SecretBindingName to CredentialsBindingName");
                });
    }

    /** {@code validateCredentialsBindingChange}. */
    private Future<Void> change(Review r) {
        String oldName = r.oldSpec().credentialsBindingName();
        String newName = r.spec().credentialsBindingName();
        if (oldName == null || newName == null || oldName.equals(newName)) {
            return Future.succeededFuture();
        }
        String namespace = r.a().namespace();
        return binding(namespace, oldName, "previously")
                .compose(old -> mayRead(r, old, "previously", "old"))
                .compose(v -> mayRead(r, r.credentialsBinding(), "newly", "new"));
    }

    private Future<CredentialsBinding> binding(String namespace, String name, String when) {
        return garden.lookup()
                .get(CredentialsBinding.class, GardenObjects.CREDENTIALS_BINDINGS, namespace, name)
                .compose(found -> found.isEmpty()
                        ? Future.failedFuture(ApiException.internal("could not retrieve " + when
                                + " referenced credentials binding: credentialsbinding.security.gardener.cloud \""
                                + name
                                + "\" not found"))
                        : Future.succeededFuture(found.get()));
    }

    private Future<Void> mayRead(Review r, CredentialsBinding binding, String when, String which) {
        ObjectReference ref = binding.credentialsRef();
        String apiVersion = ref == null || ref.apiVersion() == null ? "" : ref.apiVersion();
        String[] target = switch (apiVersion) {
            case "v1" -> new String[] {"", "v1", "secrets"};
            case "security.gardener.cloud/v1alpha1" ->
                new String[] {StandardResources.SECURITY, "v1alpha1", "workloadidentities"};
            case "core.gardener.cloud/v1beta1" -> new String[] {StandardResources.CORE, "v1beta1", "internalsecrets"};
            default -> null;
        };
        if (target == null) {
            return Rejections.forbid(
                    r.a(),
                    "unknown credentials ref: CredentialsBinding is referencing neither a Secret "
                            + "nor an InternalSecret nor a WorkloadIdentity");
        }
        String denied = "user \"" + r.a().user().name() + "\" is not allowed to read the " + when + " referenced "
                + ref.kind() + " \"" + ref.namespace() + "/" + ref.name() + "\"";
        if (authorizer == null) {
            return Rejections.forbid(r.a(), denied);
        }
        Attributes attributes = Attributes.forResource(
                r.a().user(), "get", target[0], target[1], ref.namespace(), target[2], "", ref.name(), "");
        return authorizer
                .authorize(attributes)
                .recover(e -> Future.failedFuture(ApiException.internal(
                        "could not authorize read request for " + which + " credentials: " + e.getMessage())))
                .compose(d -> d.isAllowed() ? Future.<Void>succeededFuture() : Rejections.forbid(r.a(), denied));
    }
}
