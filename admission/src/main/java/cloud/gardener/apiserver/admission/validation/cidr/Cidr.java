package cloud.gardener.apiserver.admission.validation.cidr;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import inet.ipaddr.AddressStringException;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A CIDR at a field path, as Gardener's {@code cidrvalidation.CIDR}: parsed as Go's {@code net.ParseCIDR}
 * would (address, slash, decimal prefix length), with the parse, family, size and overlap checks.
 */
public final class Cidr {

    public static final String DEFAULT_VPN_RANGE_V6 = "fd8f:6d53:b97a:1::/96";
    public static final String RESERVED_KUBE_API_SERVER_MAPPING_RANGE = "240.0.0.0/8";
    private static final Pattern SHAPE = Pattern.compile("[0-9A-Fa-f:.]+/[0-9]{1,3}");

    private final String cidr;
    private final FieldPath path;
    private final IPAddress network;

    private Cidr(String cidr, FieldPath path, IPAddress network) {
        this.cidr = cidr;
        this.path = path;
        this.network = network;
    }

    /** {@code NewCIDR}: never fails; an unparsable CIDR reports itself in {@link #validateParse()}. */
    public static Cidr of(String cidr, FieldPath path) {
        return new Cidr(cidr == null ? "" : cidr, path, parse(cidr));
    }

    /** The network block of {@code cidr}, or null when Go's {@code net.ParseCIDR} would fail. */
    public static IPAddress parse(String cidr) {
        if (cidr == null || !SHAPE.matcher(cidr).matches()) {
            return null;
        }
        try {
            IPAddress addr = new IPAddressString(cidr).toAddress();
            Integer bits = addr.getNetworkPrefixLength();
            if (bits == null || bits > addr.getBitCount()) {
                return null;
            }
            return addr.toPrefixBlock();
        } catch (AddressStringException | RuntimeException e) {
            return null;
        }
    }

    /** {@code NetworksIntersect}: false when either does not parse. */
    public static boolean intersect(String a, String b) {
        IPAddress x = parse(a);
        IPAddress y = parse(b);
        return x != null && y != null && overlaps(x, y);
    }

    private static boolean overlaps(IPAddress x, IPAddress y) {
        return x.isIPv4() == y.isIPv4() && (x.contains(y.getLower()) || y.contains(x.getLower()));
    }

    public String cidr() {
        return cidr;
    }

    public FieldPath path() {
        return path;
    }

    public boolean parsed() {
        return network != null;
    }

    public boolean isIPv4() {
        return network != null && network.isIPv4();
    }

    public boolean isIPv6() {
        return network != null && network.isIPv6();
    }

    public List<FieldError> validateParse() {
        return network != null ? List.of()
                : List.of(FieldError.invalid(path.toString(), cidr, "invalid CIDR address: " + cidr));
    }

    public List<FieldError> validateIPFamily(String family) {
        if (network == null) {
            return List.of();
        }
        String ip = network.getLower().withoutPrefixLength().toCanonicalString();
        if (family.equals("IPv4") && !network.isIPv4()) {
            return List.of(FieldError.invalid(path.toString(), ip, "must be a valid IPv4 address"));
        }
        if (family.equals("IPv6") && network.isIPv4()) {
            return List.of(FieldError.invalid(path.toString(), ip, "must be a valid IPv6 address"));
        }
        return List.of();
    }

    public List<FieldError> validateMaxSize(int bits) {
        if (network == null || network.getNetworkPrefixLength() >= bits) {
            return List.of();
        }
        return List.of(FieldError.invalid(path.toString(), network.toCanonicalString(),
                "cannot be larger than /" + bits));
    }

    /** Each of {@code others} that overlaps this one is an error at the other's path. */
    public List<FieldError> validateNotOverlap(List<Cidr> others) {
        List<FieldError> errs = new ArrayList<>();
        if (network == null) {
            return errs;
        }
        for (Cidr o : others) {
            if (o == null || o == this || o.network == null || !overlaps(network, o.network)) {
                continue;
            }
            errs.add(FieldError.invalid(o.path.toString(), o.cidr,
                    "must not overlap with \"" + path + "\" (\"" + cidr + "\")"));
        }
        return errs;
    }

    /** {@code ValidateCIDROverlap(paths, false)}: no two of {@code cidrs} overlap. */
    public static List<FieldError> validateNoOverlap(List<Cidr> cidrs) {
        List<FieldError> errs = new ArrayList<>();
        for (int i = 0; i < cidrs.size() - 1; i++) {
            if (cidrs.get(i) != null) {
                errs.addAll(cidrs.get(i).validateNotOverlap(cidrs.subList(i + 1, cidrs.size())));
            }
        }
        return errs;
    }

    /** {@code ValidateCIDROverlapWithReservedRanges}. */
    public static List<FieldError> validateNotReserved(Cidr c, String networkType) {
        List<FieldError> errs = new ArrayList<>();
        if (c == null) {
            return errs;
        }
        String[][] reserved = {
            {DEFAULT_VPN_RANGE_V6, "default vpn network"},
            {RESERVED_KUBE_API_SERVER_MAPPING_RANGE, "reserved kube-apiserver mapping range"},
            {"241.0.0.0/8", "reserved seed pod network mapping range"},
            {"242.0.0.0/8", "reserved shoot node network mapping range"},
            {"243.0.0.0/8", "reserved shoot service network mapping range"},
            {"244.0.0.0/8", "reserved shoot pod network mapping range"},
        };
        for (String[] r : reserved) {
            if (intersect(r[0], c.cidr)) {
                errs.add(FieldError.invalid(c.path.toString(), c.cidr,
                        networkType + " network intersects with " + r[1] + " (" + r[0] + ")"));
            }
        }
        return errs;
    }
}
