package cloud.gardener.apiserver.api.k8s.rbacv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("Subject contains a reference to the object or user identities a role binding applies to.  This can either "
        + "hold a direct API object reference, or a value for non-objects such as user and group names.")
@StructType("atomic")
public record Subject(
        @Doc("Kind of object being referenced. Values defined by this API group are \"User\", \"Group\", and "
                + "\"ServiceAccount\". If the Authorizer does not recognized the kind value, the Authorizer should "
                + "report an error.")
        @ProtoTag(1)
        String kind,

        @Doc("APIGroup holds the API group of the referenced subject. Defaults to \"\" for ServiceAccount "
                + "subjects. Defaults to \"rbac.authorization.k8s.io\" for User and Group subjects.")
        @ProtoTag(2)
        @OmitEmpty
        String apiGroup,

        @Doc("Name of the object being referenced.") @ProtoTag(3)
        String name,

        @Doc("Namespace of the referenced object.  If the object kind is non-namespace, such as \"User\" or "
                + "\"Group\", and this value is not empty the Authorizer should report an error.")
        @ProtoTag(4)
        @OmitEmpty
        String namespace) {}
