package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("EncryptionProvider contains information about the encryption provider.")
public record EncryptionProvider(
        @Doc("Type contains the type of the encryption provider.\n\nSupported types:\n  - \"aescbc\"\n  - "
                + "\"aesgcm\"\n  - \"secretbox\"\nDefaults to aescbc.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String type) {}
