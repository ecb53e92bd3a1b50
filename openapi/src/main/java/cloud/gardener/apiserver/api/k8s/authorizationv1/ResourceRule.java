package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ResourceRule is the list of actions the subject is allowed to perform on resources. The list ordering isn't "
        + "significant, may contain duplicates, and possibly be incomplete.")
public record ResourceRule(
        @Doc("Verb is a list of kubernetes resource API verbs, like: get, list, watch, create, update, delete, "
                + "proxy.  \"*\" means all.")
        @ProtoTag(1)
        @ListType("atomic")
        List<String> verbs,

        @Doc("APIGroups is the name of the APIGroup that contains the resources.  If multiple API groups are "
                + "specified, any action requested against one of the enumerated resources in any API group will be "
                + "allowed.  \"*\" means all.")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<String> apiGroups,

        @Doc("Resources is a list of resources this rule applies to.  \"*\" means all in the specified apiGroups.\n "
                + "\"*/foo\" represents the subresource 'foo' for all resources in the specified apiGroups.")
        @ProtoTag(3)
        @OmitEmpty
        @ListType("atomic")
        List<String> resources,

        @Doc("ResourceNames is an optional white list of names that the rule applies to.  An empty set means that "
                + "everything is allowed.  \"*\" means all.")
        @ProtoTag(4)
        @OmitEmpty
        @ListType("atomic")
        List<String> resourceNames) {}
