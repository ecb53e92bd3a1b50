package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource that the fieldset "
        + "applies to.")
public record ManagedFieldsEntry(
        @Doc("Manager is an identifier of the workflow managing these fields.") @ProtoTag(1) @OmitEmpty
        String manager,

        @Doc("Operation is the type of operation which lead to this ManagedFieldsEntry being created. The only valid "
                + "values for this field are 'Apply' and 'Update'.")
        @ProtoTag(2)
        @OmitEmpty
        String operation,

        @Doc("APIVersion defines the version of this resource that this field set applies to.") @ProtoTag(3) @OmitEmpty
        String apiVersion,

        @Doc("Time is the timestamp of when the ManagedFields entry was added.") @ProtoTag(4) @OmitEmpty @Ptr
        Time time,

        @Doc("FieldsType is the discriminator for the different fields format and version. There is currently only "
                + "one possible value: \"FieldsV1\"")
        @ProtoTag(6)
        @OmitEmpty
        String fieldsType,

        @Doc("FieldsV1 holds the first JSON version format as described in the \"FieldsV1\" type.")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        JsonNode fieldsV1,

        @Doc("Subresource is the name of the subresource used to update that object, or empty string if the object "
                + "was updated through the main resource.")
        @ProtoTag(8)
        @OmitEmpty
        String subresource) {}
