package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.rbacv1.Subject;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ProjectSpec is the specification of a Project.")
public record ProjectSpec(
        @Doc("CreatedBy is a subject representing a user name, an email address, or any other identifier of a "
                + "user who created the project. This field is immutable.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Subject createdBy,

        @Doc("Description is a human-readable description of what the project is used for. Only letters, digits "
                + "and certain punctuation characters are allowed for this field.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String description,

        @Doc("Owner is a subject representing a user name, an email address, or any other identifier of a user "
                + "owning the project. IMPORTANT: Be aware that this field will be removed in the `v1` version of "
                + "this API in favor of the `owner` role. The only way to change the owner will be by moving the "
                + "`owner` role. In this API version the only way to change the owner is to use this field.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Subject owner,

        @Doc("Purpose is a human-readable explanation of the project's purpose. Only letters, digits and "
                + "certain punctuation characters are allowed for this field.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String purpose,

        @Doc("Members is a list of subjects representing a user name, an email address, or any other identifier "
                + "of a user, group, or service account that has a certain role.")
        @ProtoTag(5)
        @OmitEmpty
        List<ProjectMember> members,

        @Doc("Namespace is the name of the namespace that has been created for the Project object. A nil value "
                + "means that Gardener will determine the name of the namespace. If set, its value must be prefixed "
                + "with `garden-`. This field is immutable.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        String namespace,

        @Doc("Tolerations contains the tolerations for taints on seed clusters.") @ProtoTag(7) @OmitEmpty @Ptr
        ProjectTolerations tolerations,

        @Doc("DualApprovalForDeletion contains configuration for the dual approval concept for resource " + "deletion.")
        @ProtoTag(8)
        @OmitEmpty
        List<DualApprovalForDeletion> dualApprovalForDeletion) {}
