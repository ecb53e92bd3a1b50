package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("TokenRequestStatus bears the issued token with additional information back to the client.")
public record TokenRequestStatus(
        @Doc("Token is the issued token.") @ProtoTag(1) String token,

        @Doc("ExpirationTimestamp is the time of expiration of the returned token.") @ProtoTag(2)
        Time expirationTimestamp) {}
