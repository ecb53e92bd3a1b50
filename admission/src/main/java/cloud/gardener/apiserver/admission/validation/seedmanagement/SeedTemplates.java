package cloud.gardener.apiserver.admission.validation.seedmanagement;

import cloud.gardener.apiserver.api.core.v1beta1.SeedTemplate;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The seed template a gardenlet configuration carries in {@code seedConfig}. The model keeps the configuration
 * ({@code gardenlet.config.gardener.cloud/v1alpha1} GardenletConfiguration) as raw JSON; its seed template is a
 * {@code core.gardener.cloud/v1beta1} SeedTemplate, read as the model's record.
 */
public final class SeedTemplates {

    private SeedTemplates() {}

    /**
     * The configuration's {@code seedConfig} as a SeedTemplate, or null when the configuration is absent or has no
     * seed template object.
     *
     * @throws DecodeException when the seed template does not decode into the model
     */
    public static SeedTemplate of(JsonNode gardenletConfiguration) {
        JsonNode seedConfig = gardenletConfiguration == null ? null : gardenletConfiguration.get("seedConfig");
        return JsonTrees.isSet(seedConfig) && seedConfig.isObject()
                ? ModelCodec.decode(seedConfig, SeedTemplate.class).value()
                : null;
    }
}
