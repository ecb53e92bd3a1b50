package cloud.gardener.apiserver.api.k8s.authenticationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;
import java.util.Map;

@Doc("UserInfo holds the information about the user needed to implement the user.Info interface.")
public record UserInfo(
        @Doc("The name that uniquely identifies this user among all active users.") @ProtoTag(1) @OmitEmpty
        String username,

        @Doc("A unique value that identifies this user across time. If this user is deleted and another user by the "
                + "same name is added, they will have different UIDs.")
        @ProtoTag(2)
        @OmitEmpty
        String uid,

        @Doc("The names of groups this user is a part of.") @ProtoTag(3) @OmitEmpty @ListType("atomic")
        List<String> groups,

        @Doc("Any additional information provided by the authenticator.") @ProtoTag(4) @OmitEmpty
        Map<String, List<String>> extra) {}
