package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;

@Doc("ServiceAccountConfig is the kube-apiserver configuration for service accounts.")
public record ServiceAccountConfig(
        @Doc("Issuer is the identifier of the service account token issuer. The issuer will assert this "
                + "identifier in \"iss\" claim of issued tokens. This value is used to generate new service "
                + "account tokens. This value is a string or URI. Defaults to URI of the API server.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String issuer,

        @Doc("ExtendTokenExpiration turns on projected service account expiration extension during token "
                + "generation, which helps safe transition from legacy token to bound service account token "
                + "feature. If this flag is enabled, admission injected tokens would be extended up to 1 year to "
                + "prevent unexpected failure during transition, ignoring value of "
                + "service-account-max-token-expiration.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean extendTokenExpiration,

        @Doc("MaxTokenExpiration is the maximum validity duration of a token created by the service account "
                + "token issuer. If an otherwise valid TokenRequest with a validity duration larger than this "
                + "value is requested, a token will be issued with a validity duration of this value. This field "
                + "must be within [30d,90d].")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration maxTokenExpiration,

        @Doc("AcceptedIssuers is an additional set of issuers that are used to determine which service "
                + "account tokens are accepted. These values are not used to generate new service account "
                + "tokens. Only useful when service account tokens are also issued by another external system or "
                + "a change of the current issuer that is used for generating tokens is being performed.")
        @ProtoTag(5)
        @OmitEmpty
        List<String> acceptedIssuers) {}
