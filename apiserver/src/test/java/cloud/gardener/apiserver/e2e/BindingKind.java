package cloud.gardener.apiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * How a Shoot is bound to its cloud credentials, in every form Gardener's API allows: the deprecated
 * {@code spec.secretBindingName} (what most landscapes' Shoots still use) and {@code spec.credentialsBindingName}
 * with a CredentialsBinding to a Secret or to a WorkloadIdentity. Fixtures that create bound Shoots take one, and
 * the tests that create them run once per constant ({@code @EnumSource(BindingKind.class)}); {@code
 * BindingKindUseTest} keeps tests from naming a constant, so that no Shoot scenario runs with one kind only.
 */
public enum BindingKind {

    /** A SecretBinding ({@code provider.type}, {@code secretRef}) to a Secret; Shoots below Kubernetes 1.34 only. */
    SECRET_BINDING("secretBindingName"),
    /** A CredentialsBinding whose {@code credentialsRef} is a Secret. */
    CREDENTIALS_BINDING_TO_SECRET("credentialsBindingName"),
    /** A CredentialsBinding whose {@code credentialsRef} is a WorkloadIdentity of the provider's target system. */
    CREDENTIALS_BINDING_TO_WORKLOAD_IDENTITY("credentialsBindingName");

    private static final String CORE = "/apis/core.gardener.cloud/v1beta1/namespaces/";
    private static final String SECURITY = "/apis/security.gardener.cloud/v1alpha1/namespaces/";

    private final String shootField;

    BindingKind(String shootField) {
        this.shootField = shootField;
    }

    /** The Shoot's field naming a binding of this kind. */
    public String shootField() {
        return shootField;
    }

    /**
     * Whether Shoots bound this way are refused from Kubernetes 1.34 on (Gardener's ValidateShootSpec: "for
     * Kubernetes versions >= 1.34, secretBindingName field is no longer supported"): such Shoots pin an older version.
     */
    public boolean refusedFromKubernetes134() {
        return this == SECRET_BINDING;
    }

    /** The binding's resource as a lister's NotFound error names it, e.g. {@code secretbinding.core.gardener.cloud}. */
    public String singularResource() {
        return this == SECRET_BINDING
                ? "secretbinding.core.gardener.cloud"
                : "credentialsbinding.security.gardener.cloud";
    }

    /** The binding as Gardener's messages name it: {@code secret binding} or {@code credentials binding}. */
    public String description() {
        return this == SECRET_BINDING ? "secret binding" : "credentials binding";
    }

    /** The binding's resource as a request names it, e.g. {@code secretbindings.core.gardener.cloud}. */
    public String resource() {
        return this == SECRET_BINDING
                ? "secretbindings.core.gardener.cloud"
                : "credentialsbindings.security.gardener.cloud";
    }

    /** Whether the credentials are a Secret (which the provider secret sanity check dry-runs). */
    public boolean bindsASecret() {
        return this != CREDENTIALS_BINDING_TO_WORKLOAD_IDENTITY;
    }

    /** The collection of the bindings of this kind in a namespace. */
    public String bindingsPath(String namespace) {
        return this == SECRET_BINDING
                ? CORE + namespace + "/secretbindings"
                : SECURITY + namespace + "/credentialsbindings";
    }

    /** The binding's path in the API. */
    public String bindingPath(String namespace, String name) {
        return bindingsPath(namespace) + "/" + name;
    }

    /** The path of the binding's credentials (the Secret or WorkloadIdentity of the same name). */
    public String credentialsPath(String namespace, String name) {
        return this == CREDENTIALS_BINDING_TO_WORKLOAD_IDENTITY
                ? SECURITY + namespace + "/workloadidentities/" + name
                : "/api/v1/namespaces/" + namespace + "/secrets/" + name;
    }

    /**
     * Creates the credentials (a Secret, which may exist already, or a WorkloadIdentity) and a binding of this kind
     * to them, both named {@code name}, for the provider type; fails the test on a refusal. Answers the paths this
     * call created, the binding last.
     */
    public List<String> create(TestClient admin, String namespace, String name, String providerType) {
        return create(admin, namespace, name, providerType, binding -> {});
    }

    /** {@link #create(TestClient, String, String, String)} with a change to the binding (quotas, say). */
    public List<String> create(
            TestClient admin, String namespace, String name, String providerType, Consumer<ObjectNode> change) {
        List<String> paths = new ArrayList<>();
        String credentials = credentialsPath(namespace, name);
        TestClient.Response created = admin.post(collection(credentials), credentials(namespace, name, providerType));
        assertThat(created.status())
                .as("POST %s: %s", credentials, created.body())
                .isIn(201, 409);
        if (created.status() == 201) {
            paths.add(credentials);
        }
        String binding = bindingPath(namespace, name);
        ObjectNode body = binding(namespace, name, providerType);
        change.accept(body);
        TestClient.Response bound = admin.post(collection(binding), body);
        assertThat(bound.status()).as("POST %s: %s", binding, bound.body()).isEqualTo(201);
        paths.add(binding);
        return paths;
    }

    /** The name of the binding a Shoot names, of whatever kind; empty when it names none. */
    public static String bindingOf(JsonNode shoot) {
        for (BindingKind kind : values()) {
            if (shoot.path("spec").hasNonNull(kind.shootField)) {
                return shoot.path("spec").path(kind.shootField).asText();
            }
        }
        return "";
    }

    /** Binds the Shoot to the binding of this kind and name (the other binding field removed). */
    public ObjectNode bind(ObjectNode shoot, String binding) {
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.remove(List.of("secretBindingName", "credentialsBindingName"));
        spec.put(shootField, binding);
        return shoot;
    }

    /** The binding as users write it (80-secretbinding.yaml, 80-credentialsbinding.yaml). */
    public ObjectNode binding(String namespace, String name, String providerType) {
        ObjectNode binding = Json.MAPPER.createObjectNode();
        if (this == SECRET_BINDING) {
            binding.put("apiVersion", "core.gardener.cloud/v1beta1").put("kind", "SecretBinding");
        } else {
            binding.put("apiVersion", "security.gardener.cloud/v1alpha1").put("kind", "CredentialsBinding");
        }
        binding.putObject("metadata").put("name", name).put("namespace", namespace);
        binding.putObject("provider").put("type", providerType);
        if (this == SECRET_BINDING) {
            binding.putObject("secretRef").put("name", name).put("namespace", namespace);
        } else {
            ObjectNode ref = binding.putObject("credentialsRef");
            if (this == CREDENTIALS_BINDING_TO_SECRET) {
                ref.put("apiVersion", "v1").put("kind", "Secret");
            } else {
                ref.put("apiVersion", "security.gardener.cloud/v1alpha1").put("kind", "WorkloadIdentity");
            }
            ref.put("name", name).put("namespace", namespace);
        }
        binding.putArray("quotas");
        return binding;
    }

    /** A provider Secret, or a WorkloadIdentity (70-workloadidentity-provider.yaml) for the provider's target system. */
    private ObjectNode credentials(String namespace, String name, String providerType) {
        ObjectNode credentials = Json.MAPPER.createObjectNode();
        if (this == CREDENTIALS_BINDING_TO_WORKLOAD_IDENTITY) {
            credentials.put("apiVersion", "security.gardener.cloud/v1alpha1").put("kind", "WorkloadIdentity");
            credentials.putObject("metadata").put("name", name).put("namespace", namespace);
            ObjectNode spec = credentials.putObject("spec");
            spec.putArray("audiences").add("gardener");
            spec.putObject("targetSystem")
                    .put("type", providerType)
                    .putObject("providerConfig")
                    .put("apiVersion", providerType + ".provider.extensions.gardener.cloud/v1alpha1")
                    .put("kind", "WorkloadIdentityConfig");
        } else {
            credentials.put("apiVersion", "v1").put("kind", "Secret").put("type", "Opaque");
            credentials.putObject("metadata").put("name", name).put("namespace", namespace);
            // base64 of "AKIAEXAMPLE" and "example"
            credentials.putObject("data").put("accessKeyID", "QUtJQUVYQU1QTEU=").put("secretAccessKey", "ZXhhbXBsZQ==");
        }
        return credentials;
    }

    private static String collection(String path) {
        return path.substring(0, path.lastIndexOf('/'));
    }
}
