package cloud.gardener.apiserver.certs;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.x500.AttributeTypeAndValue;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;

/**
 * Reads subject attributes the way Go's {@code pkix.Name.FillFromRDNSequence} does: multi-valued RDNs
 * count, O values are kept in order, and the last CN wins.
 */
public final class SubjectNames {

    private SubjectNames() {}

    /** The subject CN, or {@code ""} when there is none. */
    public static String commonName(X509Certificate certificate) {
        List<String> names = values(certificate, BCStyle.CN);
        return names.isEmpty() ? "" : names.get(names.size() - 1);
    }

    /** The subject O values in order. */
    public static List<String> organizations(X509Certificate certificate) {
        return values(certificate, BCStyle.O);
    }

    private static List<String> values(X509Certificate certificate, ASN1ObjectIdentifier type) {
        X500Name subject =
                X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        List<String> values = new ArrayList<>();
        for (RDN rdn : subject.getRDNs()) {
            for (AttributeTypeAndValue attribute : rdn.getTypesAndValues()) {
                if (attribute.getType().equals(type)) {
                    values.add(text(attribute.getValue()));
                }
            }
        }
        return List.copyOf(values);
    }

    private static String text(ASN1Encodable value) {
        return value instanceof ASN1String string ? string.getString() : value.toString();
    }
}
