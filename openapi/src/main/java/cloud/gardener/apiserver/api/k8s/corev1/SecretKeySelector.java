package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("SecretKeySelector selects a key of a Secret.")
@StructType("atomic")
public record SecretKeySelector(
        @ProtoTag(1) @Inline LocalObjectReference localObjectReference,

        @Doc("The key of the secret to select from.  Must be a valid secret key.") @ProtoTag(2)
        String key,

        @Doc("Specify whether the Secret or its key must be defined") @ProtoTag(3) @OmitEmpty
        Boolean optional) {}
