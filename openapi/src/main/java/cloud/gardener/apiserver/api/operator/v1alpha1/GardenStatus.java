package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("GardenStatus is the status of a garden environment.")
public record GardenStatus(
        @Doc("Gardener holds information about the Gardener which last acted on the Garden.") @OmitEmpty @Ptr
        cloud.gardener.apiserver.api.core.v1beta1.Gardener gardener,

        @Doc("Conditions is a list of conditions.") @OmitEmpty
        List<Condition> conditions,

        @Doc("LastOperation holds information about the last operation on the Garden.") @OmitEmpty @Ptr
        LastOperation lastOperation,

        @Doc("ObservedGeneration is the most recent generation observed for this resource.") @OmitEmpty
        long observedGeneration,

        @Doc("Credentials contains information about the virtual garden cluster credentials.") @OmitEmpty @Ptr
        Credentials credentials,

        @Doc("List of addresses that are relevant to the Garden. These include the Kube API server address of the "
                + "virtual garden cluster.")
        @OmitEmpty
        List<AdvertisedAddress> advertisedAddresses) {}
