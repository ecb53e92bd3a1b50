package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("ObjectFieldSelector selects an APIVersioned field of an object.")
@StructType("atomic")
public record ObjectFieldSelector(
        @Doc("Version of the schema the FieldPath is written in terms of, defaults to \"v1\".") @ProtoTag(1) @OmitEmpty
        String apiVersion,

        @Doc("Path of the field to select in the specified API version.") @ProtoTag(2)
        String fieldPath) {}
