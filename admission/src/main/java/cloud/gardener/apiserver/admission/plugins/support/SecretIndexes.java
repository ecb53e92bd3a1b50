package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.ObjectIndex;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;

/** The indexes of Secrets admission looks Secrets up by instead of reading a namespace's every Secret. */
public final class SecretIndexes {

    /** The label Gardener marks its special Secrets with (default and internal domains, ...). */
    public static final String ROLE_LABEL = "gardener.cloud/role";

    /**
     * By {@code gardener.cloud/role} label, for the default-domain Secrets of the {@code garden} namespace that every
     * Shoot create and update on a Seed without DNS defaults asks for ({@code getDefaultDomains}): a Secret is filed
     * under its role label's value as text (none without the label), a lookup reads the role.
     */
    public static final ObjectIndex ROLE = new ObjectIndex() {
        @Override
        public String name() {
            return "role";
        }

        @Override
        public List<String> paths() {
            return List.of("metadata.labels");
        }

        @Override
        public Set<String> terms(JsonNode secret) {
            JsonNode role = secret.path("metadata").path("labels").path(ROLE_LABEL);
            // any scalar as its text: a superset of what the checks match (text only)
            return role.isValueNode() && !role.isNull() ? Set.of(role.asText()) : Set.of();
        }

        @Override
        public Set<String> queryTerms(String role) {
            return Set.of(role);
        }
    };

    /** The indexes of Secrets an admission cache keeps. */
    public static final List<ObjectIndex> INDEXES = List.of(ROLE);

    private SecretIndexes() {}
}
