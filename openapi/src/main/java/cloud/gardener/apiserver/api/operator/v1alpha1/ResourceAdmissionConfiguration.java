package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.rbacv1.Subject;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ResourceAdmissionConfiguration contains settings about arbitrary kinds and the size each resource should "
        + "have at most.")
public record ResourceAdmissionConfiguration(
        @Doc("Limits contains configuration for resources which are subjected to size limitations.")
        List<ResourceLimit> limits,

        @Doc("UnrestrictedSubjects contains references to users, groups, or service accounts which aren't "
                + "subjected to any resource size limit.")
        @OmitEmpty
        List<Subject> unrestrictedSubjects,

        @Doc("OperationMode specifies the mode the webhooks operates in. Allowed values are \"block\" and \"log\". "
                + "Defaults to \"block\".")
        @OmitEmpty
        @Ptr
        String operationMode) {}
