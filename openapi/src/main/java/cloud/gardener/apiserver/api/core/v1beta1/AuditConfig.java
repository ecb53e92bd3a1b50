package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("AuditConfig contains settings for audit of the api server")
public record AuditConfig(
        @Doc("AuditPolicy contains configuration settings for audit policy of the kube-apiserver.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        AuditPolicy auditPolicy) {}
