package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("NonResourceRule holds information that describes a rule for the non-resource")
public record NonResourceRule(
        @Doc("Verb is a list of kubernetes non-resource API verbs, like: get, post, put, delete, patch, head, "
                + "options.  \"*\" means all.")
        @ProtoTag(1)
        @ListType("atomic")
        List<String> verbs,

        @Doc("NonResourceURLs is a set of partial urls that a user should have access to.  *s are allowed, but only "
                + "as the full, final step in the path.  \"*\" means all.")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<String> nonResourceURLs) {}
