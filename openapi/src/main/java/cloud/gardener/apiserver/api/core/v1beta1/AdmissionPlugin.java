package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("AdmissionPlugin contains information about a specific admission plugin and its corresponding " + "configuration.")
public record AdmissionPlugin(
        @Doc("Name is the name of the plugin.") @ProtoTag(1) String name,

        @Doc("Config is the configuration of the plugin.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode config,

        @Doc("Disabled specifies whether this plugin should be disabled.") @ProtoTag(3) @OmitEmpty
        Boolean disabled,

        @Doc("KubeconfigSecretName specifies the name of a secret containing the kubeconfig for this "
                + "admission plugin.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String kubeconfigSecretName) {}
