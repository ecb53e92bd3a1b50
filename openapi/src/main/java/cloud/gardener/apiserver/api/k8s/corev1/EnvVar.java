package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("EnvVar represents an environment variable present in a Container.")
public record EnvVar(
        @Doc("Name of the environment variable. May consist of any printable ASCII characters except '='.") @ProtoTag(1)
        String name,

        @Doc("Variable references $(VAR_NAME) are expanded using the previously defined environment variables in "
                + "the container and any service environment variables. If a variable cannot be resolved, the "
                + "reference in the input string will be unchanged. Double $$ are reduced to a single $, which "
                + "allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string "
                + "literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the "
                + "variable exists or not. Defaults to \"\".")
        @ProtoTag(2)
        @OmitEmpty
        String value,

        @Doc("Source for the environment variable's value. Cannot be used if value is not empty.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        EnvVarSource valueFrom) {}
