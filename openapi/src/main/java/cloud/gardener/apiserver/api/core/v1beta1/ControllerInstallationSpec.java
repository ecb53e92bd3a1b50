package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ControllerInstallationSpec is the specification of a ControllerInstallation.")
public record ControllerInstallationSpec(
        @Doc("RegistrationRef is used to reference a ControllerRegistration resource. The name field of the "
                + "RegistrationRef is immutable.")
        @ProtoTag(1)
        ObjectReference registrationRef,

        @Doc("SeedRef is used to reference a Seed resource. The name field of the SeedRef is immutable.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        ObjectReference seedRef,

        @Doc("ShootRef is used to reference a Shoot resource. The name and namespace fields of the ShootRef are "
                + "immutable.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        ObjectReference shootRef,

        @Doc("DeploymentRef is used to reference a ControllerDeployment resource.") @ProtoTag(3) @OmitEmpty @Ptr
        ObjectReference deploymentRef,

        @Doc("ResourceRefs is used to reference Resource resources.") @ProtoTag(5) @OmitEmpty
        List<ObjectReference> resourceRefs) {}
