package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ResourceAttributes includes the authorization attributes available for resource requests to the Authorizer "
        + "interface")
public record ResourceAttributes(
        @Doc("Namespace is the namespace of the action being requested.  Currently, there is no distinction between "
                + "no namespace and all namespaces \"\" (empty) is defaulted for LocalSubjectAccessReviews \"\" "
                + "(empty) is empty for cluster-scoped resources \"\" (empty) means \"all\" for namespace scoped "
                + "resources from a SubjectAccessReview or SelfSubjectAccessReview")
        @ProtoTag(1)
        @OmitEmpty
        String namespace,

        @Doc("Verb is a kubernetes resource API verb, like: get, list, watch, create, update, delete, proxy.  \"*\" "
                + "means all.")
        @ProtoTag(2)
        @OmitEmpty
        String verb,

        @Doc("Group is the API Group of the Resource.  \"*\" means all.") @ProtoTag(3) @OmitEmpty
        String group,

        @Doc("Version is the API Version of the Resource.  \"*\" means all.") @ProtoTag(4) @OmitEmpty
        String version,

        @Doc("Resource is one of the existing resource types.  \"*\" means all.") @ProtoTag(5) @OmitEmpty
        String resource,

        @Doc("Subresource is one of the existing resource types.  \"\" means none.") @ProtoTag(6) @OmitEmpty
        String subresource,

        @Doc("Name is the name of the resource being requested for a \"get\" or deleted for a \"delete\". \"\" "
                + "(empty) means all.")
        @ProtoTag(7)
        @OmitEmpty
        String name,

        @Doc("fieldSelector describes the limitation on access based on field.  It can only limit access, not "
                + "broaden it.")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        FieldSelectorAttributes fieldSelector,

        @Doc("labelSelector describes the limitation on access based on labels.  It can only limit access, not "
                + "broaden it.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        LabelSelectorAttributes labelSelector) {}
