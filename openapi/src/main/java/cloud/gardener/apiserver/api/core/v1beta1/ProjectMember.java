package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.rbacv1.Subject;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ProjectMember is a member of a project.")
public record ProjectMember(
        @ProtoTag(1) @Inline Subject subject,

        @Doc("Role represents the role of this member. IMPORTANT: Be aware that this field will be removed in "
                + "the `v1` version of this API in favor of the `roles` list.")
        @ProtoTag(2)
        String role,

        @Doc("Roles represents the list of roles of this member.") @ProtoTag(3) @OmitEmpty
        List<String> roles) {}
