package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("DashboardTerminalContainer contains configuration for the dashboard terminal container.")
public record DashboardTerminalContainer(
        @Doc("Image is the container image for the dashboard terminal container.")
        String image,

        @Doc("Description is a description for the dashboard terminal container with hints for the user.")
        @OmitEmpty
        @Ptr
        String description) {}
