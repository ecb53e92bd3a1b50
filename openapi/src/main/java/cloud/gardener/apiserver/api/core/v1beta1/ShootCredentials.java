package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ShootCredentials contains information about the shoot credentials.")
public record ShootCredentials(
        @Doc("Rotation contains information about the credential rotations.") @ProtoTag(1) @OmitEmpty @Ptr
        ShootCredentialsRotation rotation,

        @Doc("EncryptionAtRest contains information about Shoot data encryption at rest.") @ProtoTag(2) @OmitEmpty @Ptr
        EncryptionAtRest encryptionAtRest) {}
