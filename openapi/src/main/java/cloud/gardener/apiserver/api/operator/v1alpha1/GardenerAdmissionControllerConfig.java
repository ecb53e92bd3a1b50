package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("GardenerAdmissionControllerConfig contains configuration settings for the gardener-admission-controller.")
public record GardenerAdmissionControllerConfig(
        @Doc("LogLevel is the configured log level for the gardener-admission-controller. Must be one of "
                + "[info,debug,error]. Defaults to info.")
        @OmitEmpty
        @Ptr
        String logLevel,

        @Doc("ResourceAdmissionConfiguration is the configuration for resource size restrictions for arbitrary "
                + "Group-Version-Kinds.")
        @OmitEmpty
        @Ptr
        ResourceAdmissionConfiguration resourceAdmissionConfiguration) {}
