package cloud.gardener.apiserver.admission.validation.cidr;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import inet.ipaddr.AddressStringException;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.IPAddressStringParameters;
import inet.ipaddr.ipv6.IPv6Address;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A CIDR at a field path, as Gardener's {@code cidrvalidation.CIDR}: parsed as Go's {@code net.ParseCIDR}
 * would (address, slash, decimal prefix length), with the parse, family, canonical-form, size and overlap
 * checks. The address is read by the ipaddress library, restricted to what Go's {@code netip.ParseAddr} takes.
 */
public final class Cidr {

    public static final String DEFAULT_VPN_RANGE_V6 = "fd8f:6d53:b97a:1::/96";
    public static final String RESERVED_KUBE_API_SERVER_MAPPING_RANGE = "240.0.0.0/8";
    /** Go's {@code dtoi} gives up at this value. */
    private static final int DTOI_BIG = 0xFFFFFF;

    /**
     * What {@code netip.ParseAddr} accepts: dotted-decimal IPv4 of four parts without leading zeros, IPv6 of
     * hex groups up to four digits (an embedded IPv4 at the end), no zone, prefix, mask, range or wildcard.
     */
    private static final IPAddressStringParameters GO_ADDRESS = new IPAddressStringParameters.Builder()
            .allowEmpty(false)
            .allowAll(false)
            .allowSingleSegment(false)
            .allowPrefix(false)
            .allowMask(false)
            .allowPrefixOnly(false)
            .allowWildcardedSeparator(false)
            .setRangeOptions(IPAddressStringParameters.RangeParameters.NO_RANGE)
            .getIPv4AddressParametersBuilder()
            .allow_inet_aton(false)
            .allowLeadingZeros(false)
            .allowUnlimitedLeadingZeros(false)
            .allowBinary(false)
            .getParentBuilder()
            .getIPv6AddressParametersBuilder()
            .allowZone(false)
            .allowEmptyZone(false)
            .allowBase85(false)
            .allowBinary(false)
            .allowMixed(true)
            .allowLeadingZeros(true)
            .allowUnlimitedLeadingZeros(false)
            .getEmbeddedIPv4AddressParametersBuilder()
            .allow_inet_aton(false)
            .allowLeadingZeros(false)
            .allowUnlimitedLeadingZeros(false)
            .allowBinary(false)
            .getEmbeddedIPv4AddressParentBuilder()
            .getParentBuilder()
            .toParams();

    /**
     * A parsed CIDR: the address as written, its network block, and whether the address is the network's first one
     * ({@code ValidateCIDRIsCanonical}).
     */
    private record Parsed(IPAddress address, IPAddress network, boolean canonical) {
        Parsed(IPAddress address, IPAddress network) {
            this(address, network, address.equals(network.getLower().withoutPrefixLength()));
        }
    }

    /**
     * What {@link #parseCidr} made of each CIDR text lately (empty: it does not parse). The parse is a pure function
     * of the text and its results are immutable (the library's addresses are), so no entry ever goes stale; a Shoot
     * create parses the same few CIDRs many times (its own networks in several checks, the Seed's, the reserved
     * ranges), and each parse by the library costs some KB. Bounded: emptied when full.
     */
    private static final int PARSED_CAPACITY = 1024;

    private static final Map<String, Optional<Parsed>> PARSED = new ConcurrentHashMap<>();

    /** {@link #validateNotReserved}'s ranges, parsed once, with their descriptions. */
    private record Reserved(String cidr, IPAddress network, String description) {
        Reserved(String cidr, String description) {
            this(cidr, parse(cidr), description);
        }
    }

    private static final List<Reserved> RESERVED = List.of(
            new Reserved(DEFAULT_VPN_RANGE_V6, "default vpn network"),
            new Reserved(RESERVED_KUBE_API_SERVER_MAPPING_RANGE, "reserved kube-apiserver mapping range"),
            new Reserved("241.0.0.0/8", "reserved seed pod network mapping range"),
            new Reserved("242.0.0.0/8", "reserved shoot node network mapping range"),
            new Reserved("243.0.0.0/8", "reserved shoot service network mapping range"),
            new Reserved("244.0.0.0/8", "reserved shoot pod network mapping range"));

    private final String cidr;
    private final FieldPath path;
    private final Parsed parsed;
    private final IPAddress network;

    private Cidr(String cidr, FieldPath path, Parsed parsed) {
        this.cidr = cidr;
        this.path = path;
        this.parsed = parsed;
        this.network = parsed == null ? null : parsed.network();
    }

    /** {@code NewCIDR}: never fails; an unparsable CIDR reports itself in {@link #validateParse()}. */
    public static Cidr of(String cidr, FieldPath path) {
        return new Cidr(cidr == null ? "" : cidr, path, parseCidr(cidr));
    }

    /** The network block of {@code cidr}, or null when Go's {@code net.ParseCIDR} would fail. */
    public static IPAddress parse(String cidr) {
        Parsed p = parseCidr(cidr);
        return p == null ? null : p.network();
    }

    /** Go's {@code net.ParseCIDR} accepts {@code cidr}. */
    public static boolean isValid(String cidr) {
        return parseCidr(cidr) != null;
    }

    private static Parsed parseCidr(String cidr) {
        if (cidr == null) {
            return null;
        }
        Optional<Parsed> known = PARSED.get(cidr);
        if (known != null) {
            return known.orElse(null);
        }
        Parsed parsed = parseUncached(cidr);
        if (PARSED.size() >= PARSED_CAPACITY) {
            PARSED.clear();
        }
        PARSED.put(cidr, Optional.ofNullable(parsed));
        return parsed;
    }

    /** The number of CIDR texts whose parse is kept (for tests). */
    static int parsedKept() {
        return PARSED.size();
    }

    private static Parsed parseUncached(String cidr) {
        int slash = cidr.indexOf('/');
        if (slash < 0) {
            return null;
        }
        String mask = cidr.substring(slash + 1);
        int bits = 0;
        int i = 0;
        for (; i < mask.length() && mask.charAt(i) >= '0' && mask.charAt(i) <= '9'; i++) {
            bits = bits * 10 + (mask.charAt(i) - '0');
            if (bits >= DTOI_BIG) {
                return null;
            }
        }
        if (i == 0 || i != mask.length()) {
            return null;
        }
        String ip = cidr.substring(0, slash);
        if (!ip.chars().allMatch(c -> c == '.' || c == ':' || (Character.digit(c, 16) >= 0 && c < 0x80))) {
            return null; // the library would also take surrounding space and other notations
        }
        try {
            IPAddress address = new IPAddressString(ip, GO_ADDRESS).toAddress();
            if (bits > address.getBitCount()) {
                return null;
            }
            return new Parsed(address, address.toPrefixBlock(bits));
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

    /** Go's {@code IP.To4() != nil} of the network: IPv4, or an IPv4-mapped IPv6 network. */
    public boolean isIPv4() {
        return network != null && (network.isIPv4() || ((IPv6Address) network).isIPv4Mapped());
    }

    public boolean isIPv6() {
        return network != null && !isIPv4();
    }

    /** Go's {@code IP.String()} of the network address: dotted for IPv4 (mapped too), else RFC 5952. */
    public String networkIp() {
        if (network == null) {
            return "";
        }
        IPAddress ip = network.getLower().withoutPrefixLength();
        if (ip.isIPv6() && ((IPv6Address) ip).isIPv4Mapped()) {
            return ((IPv6Address) ip).getEmbeddedIPv4Address().toCanonicalString();
        }
        return ip.toCanonicalString();
    }

    public List<FieldError> validateParse() {
        return network != null
                ? List.of()
                : List.of(FieldError.invalid(path.toString(), cidr, "invalid CIDR address: " + cidr));
    }

    public List<FieldError> validateIPFamily(String family) {
        if (network == null) {
            return List.of();
        }
        if (family.equals("IPv4") && !isIPv4()) {
            return List.of(FieldError.invalid(path.toString(), networkIp(), "must be a valid IPv4 address"));
        }
        if (family.equals("IPv6") && isIPv4()) {
            return List.of(FieldError.invalid(path.toString(), networkIp(), "must be a valid IPv6 address"));
        }
        return List.of();
    }

    /** {@code ValidateCIDRIsCanonical}: the address has no bits set after the prefix. */
    public List<FieldError> validateIsCanonical() {
        if (parsed == null || parsed.canonical()) {
            return List.of();
        }
        return List.of(FieldError.invalid(path.toString(), cidr, "must be valid canonical CIDR"));
    }

    public List<FieldError> validateMaxSize(int bits) {
        if (network == null || network.getNetworkPrefixLength() >= bits) {
            return List.of();
        }
        return List.of(
                FieldError.invalid(path.toString(), network.toCanonicalString(), "cannot be larger than /" + bits));
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
            errs.add(FieldError.invalid(
                    o.path.toString(), o.cidr, "must not overlap with \"" + path + "\" (\"" + cidr + "\")"));
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
        if (c.network == null) {
            return errs; // NetworksIntersect is false for a CIDR that does not parse
        }
        for (Reserved r : RESERVED) {
            if (overlaps(r.network(), c.network)) {
                errs.add(FieldError.invalid(
                        c.path.toString(),
                        c.cidr,
                        networkType + " network intersects with " + r.description() + " (" + r.cidr() + ")"));
            }
        }
        return errs;
    }
}
