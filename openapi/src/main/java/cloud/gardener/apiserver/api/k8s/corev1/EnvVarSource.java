package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("EnvVarSource represents a source for the value of an EnvVar.")
public record EnvVarSource(
        @Doc("Selects a field of the pod: supports metadata.name, metadata.namespace, `metadata.labels['<KEY>']`, "
                + "`metadata.annotations['<KEY>']`, spec.nodeName, spec.serviceAccountName, status.hostIP, "
                + "status.podIP, status.podIPs.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        ObjectFieldSelector fieldRef,

        @Doc("Selects a resource of the container: only resources limits and requests (limits.cpu, limits.memory, "
                + "limits.ephemeral-storage, requests.cpu, requests.memory and requests.ephemeral-storage) are "
                + "currently supported.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        ResourceFieldSelector resourceFieldRef,

        @Doc("Selects a key of a ConfigMap.") @ProtoTag(3) @OmitEmpty @Ptr
        ConfigMapKeySelector configMapKeyRef,

        @Doc("Selects a key of a secret in the pod's namespace") @ProtoTag(4) @OmitEmpty @Ptr
        SecretKeySelector secretKeyRef,

        @Doc("FileKeyRef selects a key of the env file. Requires the EnvFiles feature gate to be enabled.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        FileKeySelector fileKeyRef) {}
