package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a volume that is populated with the contents of a git repository. Git repo volumes do not support "
        + "ownership management. Git repo volumes support SELinux relabeling.\n\nDEPRECATED: GitRepo is "
        + "deprecated. To provision a container with a git repo, mount an EmptyDir into an InitContainer that "
        + "clones the repo using git, then mount the EmptyDir into the Pod's container.")
public record GitRepoVolumeSource(
        @Doc("repository is the URL") @ProtoTag(1) String repository,

        @Doc("revision is the commit hash for the specified revision.") @ProtoTag(2) @OmitEmpty
        String revision,

        @Doc("directory is the target directory name. Must not contain or start with '..'.  If '.' is supplied, "
                + "the volume directory will be the git repository.  Otherwise, if specified, the volume will "
                + "contain the git repository in the subdirectory with the given name.")
        @ProtoTag(3)
        @OmitEmpty
        String directory) {}
