package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("DNSProvider contains the configuration for a DNS provider.")
public record DNSProvider(
        @Doc("Name is the name of the DNS provider.") String name,
        @Doc("Type is the type of the DNS provider.") String type,

        @Doc("Config is the provider-specific configuration passed to DNSRecord resources.") @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("SecretRef is a reference to a Secret object containing the DNS provider credentials.")
        LocalObjectReference secretRef) {}
