package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("GroupResource contains a list of resources which should be stored in etcd-events instead of etcd-main.")
public record GroupResource(
        @Doc("Group is the API group name.") String group,
        @Doc("Resource is the resource name.") String resource) {}
