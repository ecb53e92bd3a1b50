package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.k8s.metav1.FieldSelectorRequirement;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("FieldSelectorAttributes indicates a field limited access. Webhook authors are encouraged to * ensure "
        + "rawSelector and requirements are not both set * consider the requirements field if set * not try to parse "
        + "or consider the rawSelector field if set.")
public record FieldSelectorAttributes(
        @Doc("rawSelector is the serialization of a field selector that would be included in a query parameter.")
        @ProtoTag(1)
        @OmitEmpty
        String rawSelector,

        @Doc("requirements is the parsed interpretation of a field selector.")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<FieldSelectorRequirement> requirements) {}
