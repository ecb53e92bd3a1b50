package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("Selects a key from a ConfigMap.")
@StructType("atomic")
public record ConfigMapKeySelector(
        @ProtoTag(1) @Inline LocalObjectReference localObjectReference,
        @Doc("The key to select.") @ProtoTag(2) String key,

        @Doc("Specify whether the ConfigMap or its key must be defined") @ProtoTag(3) @OmitEmpty
        Boolean optional) {}
