package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1.OCIRepository;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ExtensionHelm is the configuration for a helm deployment.")
public record ExtensionHelm(
        @Doc("OCIRepository defines where to pull the chart from.") @OmitEmpty @Ptr
        OCIRepository ociRepository) {}
