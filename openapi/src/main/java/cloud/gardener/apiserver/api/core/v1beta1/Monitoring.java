package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Monitoring contains information about the monitoring configuration for the shoot.")
public record Monitoring(
        @Doc("Alerting contains information about the alerting configuration for the shoot cluster.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Alerting alerting) {}
