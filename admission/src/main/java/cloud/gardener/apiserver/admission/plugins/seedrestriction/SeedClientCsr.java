package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import cloud.gardener.apiserver.authz.seed.SeedIdentity;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.pkcs.Attribute;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;

/**
 * The CSR rule of SeedRestriction: a gardenlet may only request a seed client certificate for its own seed
 * (Gardener's {@code IsSeedClientCert}: organization exactly {@code gardener.cloud:system:seeds}, common name
 * {@code gardener.cloud:system:seed:<seed>}, no subject alternative names, usages exactly key encipherment,
 * digital signature and client auth).
 */
final class SeedClientCsr {

    static final List<String> REQUIRED_USAGES = List.of("key encipherment", "digital signature", "client auth");

    private SeedClientCsr() {}

    static Verdict check(JsonNode csr, String seed) {
        PKCS10CertificationRequest request;
        try {
            request = parse(csr.path("spec").path("request").asText(""));
        } catch (IOException | IllegalArgumentException e) {
            return Verdict.badRequest(
                    e.getMessage() == null ? "PEM block type must be CERTIFICATE REQUEST" : e.getMessage());
        }
        X500Name subject = request.getSubject();
        List<String> organizations = values(subject, BCStyle.O);
        List<String> commonNames = values(subject, BCStyle.CN);
        String commonName = commonNames.isEmpty() ? "" : commonNames.get(0);
        String reason = null;
        if (!organizations.equals(List.of(SeedIdentity.SEEDS_GROUP))) {
            reason = "subject's organization is not set to [" + SeedIdentity.SEEDS_GROUP + "]";
        } else if (!commonName.startsWith(SeedIdentity.SEED_USER_PREFIX)) {
            reason = "subject's common name does not start with \"" + SeedIdentity.SEED_USER_PREFIX + "\"";
        } else if (hasSubjectAlternativeNames(request)) {
            reason = "DNSNames, EmailAddresses and IPAddresses fields must be empty";
        } else if (!usages(csr).equals(new HashSet<>(REQUIRED_USAGES))) {
            reason = "key usages are not set to [" + String.join(" ", REQUIRED_USAGES) + "]";
        }
        if (reason != null) {
            return Verdict.forbidden("can only create CSRs for seed clusters: " + reason);
        }
        String requested = SeedIdentity.of(commonName, organizations)
                .map(SeedIdentity::seedName)
                .orElse("");
        return seed.equals(requested)
                ? Verdict.ALLOWED
                : Verdict.forbidden("object does not belong to seed \"" + seed + "\"");
    }

    private static PKCS10CertificationRequest parse(String base64) throws IOException {
        String pem = new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
        try (PEMParser parser = new PEMParser(new StringReader(pem))) {
            Object object = parser.readObject();
            if (object instanceof PKCS10CertificationRequest request) {
                return request;
            }
        }
        throw new IOException("PEM block type must be CERTIFICATE REQUEST");
    }

    private static List<String> values(X500Name name, org.bouncycastle.asn1.ASN1ObjectIdentifier type) {
        List<String> values = new ArrayList<>();
        for (RDN rdn : name.getRDNs(type)) {
            values.add(IETFUtils.valueToString(rdn.getFirst().getValue()));
        }
        return values;
    }

    private static boolean hasSubjectAlternativeNames(PKCS10CertificationRequest request) {
        for (Attribute attribute : request.getAttributes(PKCSObjectIdentifiers.pkcs_9_at_extensionRequest)) {
            for (ASN1Encodable value : attribute.getAttributeValues()) {
                Extensions extensions = Extensions.getInstance(value);
                if (extensions.getExtension(Extension.subjectAlternativeName) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Set<String> usages(JsonNode csr) {
        Set<String> usages = new HashSet<>();
        csr.path("spec").path("usages").forEach(u -> usages.add(u.asText()));
        return usages;
    }
}
