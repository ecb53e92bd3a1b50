package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Alerting contains information about how alerting will be done (i.e. who will receive alerts and how).")
public record Alerting(
        @Doc("MonitoringEmailReceivers is a list of recipients for alerts") @ProtoTag(1) @OmitEmpty
        List<String> emailReceivers) {}
