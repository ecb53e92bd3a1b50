package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("AuditPolicy contains audit policy for kube-apiserver")
public record AuditPolicy(
        @Doc("ConfigMapRef is a reference to a ConfigMap object in the same namespace, which contains the "
                + "audit policy for the kube-apiserver.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        ObjectReference configMapRef) {}
