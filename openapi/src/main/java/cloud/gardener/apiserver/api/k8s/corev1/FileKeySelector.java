package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;

@Doc("FileKeySelector selects a key of the env file.")
@StructType("atomic")
public record FileKeySelector(
        @Doc("The name of the volume mount containing the env file.") @ProtoTag(1)
        String volumeName,

        @Doc("The path within the volume from which to select the file. Must be relative and may not contain the "
                + "'..' path or start with '..'.")
        @ProtoTag(2)
        String path,

        @Doc("The key within the env file. An invalid key will prevent the pod from starting. The keys defined "
                + "within a source may consist of any printable ASCII characters except '='. During Alpha stage of "
                + "the EnvFiles feature gate, the key size is limited to 128 characters.")
        @ProtoTag(3)
        String key,

        @Doc("Specify whether the file or its key must be defined. If the file or key does not exist, then the env "
                + "var is not published. If optional is set to true and the specified key does not exist, the "
                + "environment variable will not be set in the Pod's containers.\n\nIf optional is set to false "
                + "and the specified key does not exist, an error will be returned during Pod creation.")
        @ProtoTag(4)
        @OmitEmpty
        Boolean optional) {}
