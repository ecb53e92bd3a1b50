package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.List;

@Doc("ControllerResource is a combination of a kind (DNSProvider, Infrastructure, Generic, ...) and the actual "
        + "type for this kind (aws-route53, gcp, auditlog, ...).")
public record ControllerResource(
        @Doc("Kind is the resource kind, for example \"OperatingSystemConfig\".") @ProtoTag(1)
        String kind,

        @Doc("Type is the resource type, for example \"coreos\" or \"ubuntu\".") @ProtoTag(2)
        String type,

        @Doc("ReconcileTimeout defines how long Gardener should wait for the resource reconciliation. This "
                + "field is defaulted to 3m0s when kind is \"Extension\".")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration reconcileTimeout,

        @Doc("Primary determines if the controller backed by this ControllerRegistration is responsible for the "
                + "extension resource's lifecycle. This field defaults to true. There must be exactly one primary "
                + "controller for this kind/type combination. This field is immutable.")
        @ProtoTag(5)
        @OmitEmpty
        Boolean primary,

        @Doc("Lifecycle defines a strategy that determines when different operations on a ControllerResource "
                + "should be performed. This field is defaulted in the following way when kind is \"Extension\".\n "
                + "Reconcile: \"AfterKubeAPIServer\"\n Delete: \"BeforeKubeAPIServer\"\n Migrate: "
                + "\"BeforeKubeAPIServer\"")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        ControllerResourceLifecycle lifecycle,

        @Doc("WorkerlessSupported specifies whether this ControllerResource supports Workerless Shoot clusters. "
                + "This field is only relevant when kind is \"Extension\".")
        @ProtoTag(7)
        @OmitEmpty
        Boolean workerlessSupported,

        @Doc("AutoEnable determines if this resource is automatically enabled for shoot or seed clusters, or "
                + "both. This field can only be set for resources of kind \"Extension\".")
        @ProtoTag(8)
        @OmitEmpty
        List<String> autoEnable,

        @Doc("ClusterCompatibility defines the compatibility of this resource with different cluster types. If "
                + "compatibility is not specified, it will be defaulted to 'shoot'. This field can only be set for "
                + "resources of kind \"Extension\".")
        @ProtoTag(9)
        @OmitEmpty
        List<String> clusterCompatibility,

        @Doc("ContinuousEndpointUpdate indicates whether the extension requires the SelfHostedShootExposure "
                + "endpoints to be continuously updated with healthy/valid control plane endpoints.")
        @ProtoTag(10)
        @OmitEmpty
        Boolean continuousEndpointUpdate) {}
