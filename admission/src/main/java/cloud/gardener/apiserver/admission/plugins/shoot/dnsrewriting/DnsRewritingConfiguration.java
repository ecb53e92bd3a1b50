package cloud.gardener.apiserver.admission.plugins.shoot.dnsrewriting;

import cloud.gardener.apiserver.admission.plugins.support.PluginConfigurations;
import cloud.gardener.apiserver.admission.validation.core.NameRules;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code shootdnsrewriting.admission.gardener.cloud/v1alpha1 Configuration}: the common suffixes CoreDNS of new
 * Shoots rewrites.
 */
public record DnsRewritingConfiguration(List<String> commonSuffixes) {

    public static final String API_VERSION = "shootdnsrewriting.admission.gardener.cloud/v1alpha1";

    public DnsRewritingConfiguration {
        commonSuffixes = List.copyOf(commonSuffixes);
    }

    /**
     * Reads the configuration (none means no suffixes) and validates it.
     *
     * @throws IllegalArgumentException for another type or invalid suffixes
     */
    public static DnsRewritingConfiguration from(JsonNode configuration) {
        if (!PluginConfigurations.present(configuration, API_VERSION)) {
            return new DnsRewritingConfiguration(List.of());
        }
        List<String> suffixes = new ArrayList<>();
        configuration.path("commonSuffixes").forEach(s -> suffixes.add(s.asText()));
        List<FieldError> errs = validateCommonSuffixes(suffixes, FieldPath.of("commonSuffixes"));
        if (!errs.isEmpty()) {
            throw new IllegalArgumentException("invalid config: " + errs);
        }
        return new DnsRewritingConfiguration(suffixes);
    }

    /** {@code ValidateCoreDNSRewritingCommonSuffixes}. */
    static List<FieldError> validateCommonSuffixes(List<String> suffixes, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < suffixes.size(); i++) {
            String s = suffixes.get(i);
            String at = path.index(i).toString();
            long dots = s.chars().filter(c -> c == '.').count();
            if (dots < 1 || (s.startsWith(".") && dots < 2)) {
                errs.add(FieldError.invalid(at, s, "must contain at least one non-leading dot ('.')"));
            }
            String trimmed = s.startsWith(".") ? s.substring(1) : s;
            if (!seen.add(trimmed)) {
                errs.add(FieldError.duplicate(at, trimmed));
            }
            String subdomain = trimmed.endsWith(".") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
            if (!NameRules.dns1123Subdomain(subdomain).isEmpty()) {
                errs.add(FieldError.invalid(at, trimmed, "must be a valid DNS subdomain"));
            }
        }
        return errs;
    }
}
