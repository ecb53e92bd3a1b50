package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("ExtensionStatus is the status of a Gardener extension.")
public record ExtensionStatus(
        @Doc("ObservedGeneration is the most recent generation observed for this resource.") @OmitEmpty
        long observedGeneration,

        @Doc("Conditions represents the latest available observations of an Extension's current state.")
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("ProviderStatus contains type-specific status.") @OmitEmpty @Ptr
        JsonNode providerStatus) {}
