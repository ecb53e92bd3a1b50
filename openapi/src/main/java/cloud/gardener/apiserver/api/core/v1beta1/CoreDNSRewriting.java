package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("CoreDNSRewriting contains the setting related to rewriting requests, which are obviously incorrect "
        + "due to the unnecessary application of the search path.")
public record CoreDNSRewriting(
        @Doc("CommonSuffixes are expected to be the suffix of a fully qualified domain name. Each suffix "
                + "should contain at least one or two dots ('.') to prevent accidental clashes.")
        @ProtoTag(1)
        @OmitEmpty
        List<String> commonSuffixes) {}
