package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("LoadBalancerIngress represents the status of a load-balancer ingress point: traffic intended for the service "
        + "should be sent to an ingress point.")
public record LoadBalancerIngress(
        @Doc("IP is set for load-balancer ingress points that are IP based (typically GCE or OpenStack "
                + "load-balancers)")
        @ProtoTag(1)
        @OmitEmpty
        String ip,

        @Doc("Hostname is set for load-balancer ingress points that are DNS based (typically AWS load-balancers)")
        @ProtoTag(2)
        @OmitEmpty
        String hostname,

        @Doc("IPMode specifies how the load-balancer IP behaves, and may only be specified when the ip field is "
                + "specified. Setting this to \"VIP\" indicates that traffic is delivered to the node with the "
                + "destination set to the load-balancer's IP and port. Setting this to \"Proxy\" indicates that "
                + "traffic is delivered to the node or pod with the destination set to the node's IP and node port "
                + "or the pod's IP and port. Service implementations may use this information to adjust traffic "
                + "routing.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String ipMode,

        @Doc("Ports is a list of records of service ports If used, every port defined in the service should have "
                + "an entry in it")
        @ProtoTag(4)
        @OmitEmpty
        @ListType("atomic")
        List<PortStatus> ports) {}
