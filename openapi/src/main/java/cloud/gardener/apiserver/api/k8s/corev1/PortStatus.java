package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("PortStatus represents the error condition of a service port")
public record PortStatus(
        @Doc("Port is the port number of the service port of which status is recorded here") @ProtoTag(1)
        int port,

        @Doc("Protocol is the protocol of the service port of which status is recorded here The supported values "
                + "are: \"TCP\", \"UDP\", \"SCTP\"\n\nPossible enum values:\n - `\"SCTP\"` is the SCTP protocol.\n "
                + "- `\"TCP\"` is the TCP protocol.\n - `\"UDP\"` is the UDP protocol.")
        @ProtoTag(2)
        String protocol,

        @Doc("Error is to record the problem with the service port The format of the error shall comply with the "
                + "following rules: - built-in error values shall be specified in this file and those shall use\n  "
                + "CamelCase names\n- cloud provider specific error values must have names that comply with the\n  "
                + "format foo.example.com/CamelCase.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String error) {}
