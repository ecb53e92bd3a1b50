package cloud.gardener.apiserver.discovery;

/** The versions of {@code apidiscovery.k8s.io} the aggregated discovery document is served in. */
public enum AggregatedDiscoveryVersion {
    V2("v2"),
    V2BETA1("v2beta1");

    public static final String GROUP = "apidiscovery.k8s.io";

    private final String version;

    AggregatedDiscoveryVersion(String version) {
        this.version = version;
    }

    public String version() {
        return version;
    }

    public String apiVersion() {
        return GROUP + "/" + version;
    }

    /** The response {@code Content-Type}, in the parameter order a k8s.io/apiserver server writes. */
    public String contentType() {
        return "application/json;g=" + GROUP + ";v=" + version + ";as=APIGroupDiscoveryList";
    }
}
