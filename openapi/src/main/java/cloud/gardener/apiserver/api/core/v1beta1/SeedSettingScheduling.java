package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingScheduling controls settings for scheduling decisions for the seed.")
public record SeedSettingScheduling(
        @Doc("Visible controls whether the gardener-scheduler shall consider this seed when scheduling shoots. "
                + "Invisible seeds are not considered by the scheduler.")
        @ProtoTag(1)
        boolean visible) {}
