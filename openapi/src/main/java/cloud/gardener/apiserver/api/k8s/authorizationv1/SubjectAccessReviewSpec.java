package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;
import java.util.Map;

@Doc("SubjectAccessReviewSpec is a description of the access request.  Exactly one of ResourceAuthorizationAttributes "
        + "and NonResourceAuthorizationAttributes must be set")
public record SubjectAccessReviewSpec(
        @Doc("ResourceAuthorizationAttributes describes information for a resource access request")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        ResourceAttributes resourceAttributes,

        @Doc("NonResourceAttributes describes information for a non-resource access request")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        NonResourceAttributes nonResourceAttributes,

        @Doc("User is the user you're testing for. If you specify \"User\" but not \"Groups\", then is it "
                + "interpreted as \"What if User were not a member of any groups")
        @ProtoTag(3)
        @OmitEmpty
        String user,

        @Doc("Groups is the groups you're testing for.") @ProtoTag(4) @OmitEmpty @ListType("atomic")
        List<String> groups,

        @Doc("Extra corresponds to the user.Info.GetExtra() method from the authenticator.  Since that is input to "
                + "the authorizer it needs a reflection here.")
        @ProtoTag(5)
        @OmitEmpty
        Map<String, List<String>> extra,

        @Doc("UID information about the requesting user.") @ProtoTag(6) @OmitEmpty
        String uid) {}
