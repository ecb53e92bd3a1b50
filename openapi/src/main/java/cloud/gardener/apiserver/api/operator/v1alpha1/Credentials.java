package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Credentials contains information about the virtual garden cluster credentials.")
public record Credentials(
        @Doc("Rotation contains information about the credential rotations.") @OmitEmpty @Ptr
        CredentialsRotation rotation,

        @Doc("EncryptionAtRest contains information about garden data encryption at rest.") @OmitEmpty @Ptr
        EncryptionAtRest encryptionAtRest) {}
