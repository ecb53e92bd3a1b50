package cloud.gardener.apiserver.registry.credentials;

import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Go's {@code %#v} of {@code []core.ShootAdvertisedAddress}, which Gardener puts into the field error when a shoot
 * has no kube-apiserver address: {@code []core.ShootAdvertisedAddress(nil)} when there are none at all.
 */
final class GoAddresses {

    private GoAddresses() {}

    static String render(JsonNode addresses) {
        String type = "[]core.ShootAdvertisedAddress";
        if (addresses == null || !addresses.isArray()) {
            return type + "(nil)";
        }
        StringBuilder out = new StringBuilder(type).append('{');
        for (int i = 0; i < addresses.size(); i++) {
            JsonNode address = addresses.get(i);
            if (i > 0) {
                out.append(", ");
            }
            out.append("core.ShootAdvertisedAddress{Name:")
                    .append(GoQuote.quote(address.path("name").asText("")))
                    .append(", URL:")
                    .append(GoQuote.quote(address.path("url").asText("")))
                    // Go prints a pointer's address, which means nothing outside its process
                    .append(", Application:(*string)(")
                    .append(address.hasNonNull("application") ? "0xc000000000" : "nil")
                    .append(")}");
        }
        return out.append('}').toString();
    }
}
