package cloud.gardener.apiserver.admission.plugins.shoot.resourcereservation;

import cloud.gardener.apiserver.admission.plugins.support.PluginConfigurations;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * {@code shootresourcereservation.admission.gardener.cloud/v1alpha1 Configuration}: whether reservations follow
 * the machine type (GKE's formula) and for which Shoots (a label selector; none selects every Shoot).
 */
public record ResourceReservationConfiguration(boolean useGkeFormula, LabelSelector selector) {

    public static final String API_VERSION = "shootresourcereservation.admission.gardener.cloud/v1alpha1";

    /**
     * Reads the configuration; none means static reservations.
     *
     * @throws IllegalArgumentException for another type or a selector that is not a valid selector
     */
    public static ResourceReservationConfiguration from(JsonNode configuration) {
        LabelSelector everything = new LabelSelector(Map.of(), List.of());
        if (!PluginConfigurations.present(configuration, API_VERSION)) {
            return new ResourceReservationConfiguration(false, everything);
        }
        JsonNode selectorNode = configuration.get("selector");
        LabelSelector selector = selectorNode == null || selectorNode.isNull()
                ? everything
                : ModelCodec.decode(selectorNode, LabelSelector.class).value();
        if (!LabelSelectors.convertible(selector)) {
            throw new IllegalArgumentException(
                    "invalid selector in " + API_VERSION + " Configuration: " + selectorNode);
        }
        return new ResourceReservationConfiguration(
                configuration.path("useGKEFormula").asBoolean(false), selector);
    }

    /** Whether the GKE formula applies to a Shoot with these labels. */
    public boolean formulaApplies(Map<String, String> labels) {
        return useGkeFormula && LabelSelectors.matches(selector, labels);
    }
}
