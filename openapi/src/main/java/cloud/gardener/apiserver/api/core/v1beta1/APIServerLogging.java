package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("APIServerLogging contains configuration for the logs level and http access logs")
public record APIServerLogging(
        @Doc("Verbosity is the kube-apiserver log verbosity level Defaults to 2.") @ProtoTag(1) @OmitEmpty
        Integer verbosity,

        @Doc("HTTPAccessVerbosity is the kube-apiserver access logs level") @ProtoTag(2) @OmitEmpty
        Integer httpAccessVerbosity) {}
