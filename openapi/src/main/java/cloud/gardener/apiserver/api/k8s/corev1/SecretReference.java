package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("SecretReference represents a Secret Reference. It has enough information to retrieve secret in any "
        + "namespace")
@StructType("atomic")
public record SecretReference(
        @Doc("name is unique within a namespace to reference a secret resource.") @ProtoTag(1) @OmitEmpty
        String name,

        @Doc("namespace defines the space within which the secret name must be unique.") @ProtoTag(2) @OmitEmpty
        String namespace) {}
