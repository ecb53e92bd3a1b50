package cloud.gardener.apiserver.admission.plugins.shoot.tolerationrestriction;

import cloud.gardener.apiserver.admission.plugins.support.PluginConfigurations;
import cloud.gardener.apiserver.admission.plugins.support.TolerationTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code shoottolerationrestriction.admission.gardener.cloud/v1alpha1 Configuration}: the Garden-wide default
 * tolerations every new Shoot gets and the whitelist of tolerations Shoots may carry.
 */
public record TolerationRestrictionConfiguration(List<Toleration> defaults, List<Toleration> whitelist) {

    public static final String API_VERSION = "shoottolerationrestriction.admission.gardener.cloud/v1alpha1";

    public TolerationRestrictionConfiguration {
        defaults = List.copyOf(defaults);
        whitelist = List.copyOf(whitelist);
    }

    /**
     * Reads the configuration (none means empty lists) and validates it as {@code ValidateConfiguration}.
     *
     * @throws IllegalArgumentException for another type or invalid tolerations
     */
    public static TolerationRestrictionConfiguration from(JsonNode configuration) {
        if (!PluginConfigurations.present(configuration, API_VERSION)) {
            return new TolerationRestrictionConfiguration(List.of(), List.of());
        }
        TolerationRestrictionConfiguration config = new TolerationRestrictionConfiguration(
                TolerationTrees.read(configuration.path("defaults")),
                TolerationTrees.read(configuration.path("whitelist")));
        List<FieldError> errs = new ArrayList<>(CoreRules.tolerations(config.defaults(), FieldPath.of("defaults")));
        errs.addAll(CoreRules.tolerations(config.whitelist(), FieldPath.of("whitelist")));
        if (!errs.isEmpty()) {
            throw new IllegalArgumentException("invalid config: " + errs);
        }
        return config;
    }
}
