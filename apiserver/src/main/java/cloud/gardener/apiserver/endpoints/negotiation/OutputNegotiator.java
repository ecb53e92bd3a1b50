package cloud.gardener.apiserver.endpoints.negotiation;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Accept negotiation for resource responses, as {@code negotiation.NegotiateOutputMediaType} with a resource
 * endpoint's restrictions: the first clause (after goautoneg's ordering) that matches a served media type with
 * acceptable parameters wins. JSON and YAML are served for every kind, protobuf for kinds with a protobuf form (the
 * caller says whether the response kind has one). {@code as}/{@code g}/{@code v} must name Table (JSON or YAML only:
 * upstream's Table has no protobuf form, so a protobuf Table clause is passed over rather than failing as
 * kube-apiserver's encoder does), PartialObjectMetadata or PartialObjectMetadataList (also in protobuf, for every
 * kind) in {@code meta.k8s.io} {@code v1} or {@code v1beta1}; {@code stream} may only be {@code watch} on JSON or
 * protobuf; {@code sv} only {@code v1}; other parameters are ignored. {@code application/cbor} is not served (as
 * kube-apiserver 1.32 with its CBOR feature off); the 406 messages list exactly what is served for the request.
 */
public final class OutputNegotiator {

    private static final List<Encoding> TEXT = List.of(Encoding.JSON, Encoding.YAML);
    private static final List<Encoding> ALL = List.of(Encoding.JSON, Encoding.YAML, Encoding.PROTOBUF);

    /** The 406 message ({@code NewNotAcceptableError}) for kinds without a protobuf form: the media types served. */
    public static final String NOT_ACCEPTABLE_MESSAGE = notAcceptableMessage(false);

    /** The 406 message of a watch on a kind without a protobuf form whose negotiated serializer cannot stream. */
    public static final String NOT_ACCEPTABLE_STREAM_MESSAGE = notAcceptableStreamMessage(false);

    private static final Set<String> META_VERSIONS = Set.of("v1", "v1beta1");

    /** Which conversions an endpoint allows. */
    private enum Restrictions {
        RESOURCE,
        WATCH_LIST,
        NO_CONVERSION
    }

    private OutputNegotiator() {}

    /** The 406 message: the media types served for a kind with ({@code protobuf}) or without a protobuf form. */
    public static String notAcceptableMessage(boolean protobuf) {
        return "only the following media types are accepted: "
                + String.join(
                        ", ", served(protobuf).stream().map(Encoding::mediaType).toList());
    }

    /** The 406 message of a watch whose negotiated serializer cannot stream (YAML): the stream media types served. */
    public static String notAcceptableStreamMessage(boolean protobuf) {
        return "only the following media types are accepted: "
                + String.join(
                        ", ",
                        served(protobuf).stream()
                                .filter(e -> e != Encoding.YAML)
                                .map(e -> e.mediaType() + ";stream=watch")
                                .toList());
    }

    private static List<Encoding> served(boolean protobuf) {
        return protobuf ? ALL : TEXT;
    }

    /** {@link #forObject(String, boolean, boolean)} for a kind without a protobuf form. */
    public static OutputFormat forObject(String accept, boolean pretty) {
        return forObject(accept, pretty, false);
    }

    /**
     * Negotiates the response of get, list, create, update, patch, delete and deletecollection.
     *
     * @param accept   the Accept header (first value), null or empty for none
     * @param pretty   {@link #isPretty(Map, String)} of the request
     * @param protobuf whether the response kind has a protobuf form
     * @throws ApiException 406 when no clause is acceptable
     */
    public static OutputFormat forObject(String accept, boolean pretty, boolean protobuf) {
        OutputFormat f = negotiate(accept, Restrictions.RESOURCE, served(protobuf));
        if (f == null) {
            throw ApiException.notAcceptable(notAcceptableMessage(protobuf));
        }
        return f.withPretty(f.pretty() || pretty);
    }

    /** {@link #forWatch(String, boolean, boolean)} for a kind without a protobuf form. */
    public static OutputFormat forWatch(String accept, boolean watchList) {
        return forWatch(accept, watchList, false);
    }

    /**
     * Negotiates a watch stream. Table and PartialObjectMetadata are allowed (each event object is converted);
     * a watch-list request ({@code sendInitialEvents=true} with {@code allowWatchBookmarks=true}) may not ask
     * for Table; a clause that selects YAML fails with the stream 406, as YAML cannot be streamed. Watch
     * output is never indented.
     */
    public static OutputFormat forWatch(String accept, boolean watchList, boolean protobuf) {
        List<Encoding> served = served(protobuf);
        OutputFormat f = negotiate(accept, watchList ? Restrictions.WATCH_LIST : Restrictions.RESOURCE, served);
        if (f == null) {
            throw ApiException.notAcceptable(notAcceptableMessage(protobuf));
        }
        // the stream serializer is negotiated again with the endpoint's ordinary restrictions
        OutputFormat stream = negotiate(accept, Restrictions.RESOURCE, served);
        if (stream == null || stream.encoding() == Encoding.YAML) {
            throw ApiException.notAcceptable(notAcceptableStreamMessage(protobuf));
        }
        return new OutputFormat(
                f.encoding() == Encoding.PROTOBUF ? Encoding.PROTOBUF : Encoding.JSON,
                f.target(),
                f.targetVersion(),
                false);
    }

    /**
     * Negotiates how to write an error Status: no conversion is allowed; Status has a protobuf form for every
     * kind; when nothing is acceptable Kubernetes still writes the Status, as indented JSON. Never throws.
     */
    public static OutputFormat forError(String accept, boolean pretty) {
        OutputFormat f = negotiate(accept, Restrictions.NO_CONVERSION, ALL);
        if (f == null) {
            return OutputFormat.JSON.withPretty(true);
        }
        return f.withPretty(f.pretty() || pretty);
    }

    /**
     * Negotiates a non-resource response (discovery, OpenAPI JSON, version) the generic way: no conversion.
     *
     * @throws ApiException 406 when no clause is acceptable
     */
    public static OutputFormat forNonResource(String accept, boolean pretty) {
        OutputFormat f = negotiate(accept, Restrictions.NO_CONVERSION, TEXT);
        if (f == null) {
            throw ApiException.notAcceptable(NOT_ACCEPTABLE_MESSAGE);
        }
        return f.withPretty(f.pretty() || pretty);
    }

    /**
     * {@code isPrettyPrint}: a non-empty {@code pretty} query value decides alone ({@code 1 t T TRUE true True}
     * are true, anything else false); otherwise a User-Agent starting with {@code curl}, {@code Wget} or
     * {@code Mozilla/5.0} asks for indentation.
     */
    public static boolean isPretty(Map<String, List<String>> query, String userAgent) {
        List<String> values = query.get("pretty");
        if (values != null && !values.isEmpty() && !values.get(0).isEmpty()) {
            return switch (values.get(0)) {
                case "1", "t", "T", "TRUE", "true", "True" -> true;
                default -> false;
            };
        }
        return userAgent != null
                && (userAgent.startsWith("curl")
                        || userAgent.startsWith("Wget")
                        || userAgent.startsWith("Mozilla/5.0"));
    }

    private static OutputFormat negotiate(String accept, Restrictions restrictions, List<Encoding> encodings) {
        if (accept == null || accept.isEmpty()) {
            return OutputFormat.JSON;
        }
        if (encodings != ALL && encodings != TEXT) {
            return negotiateClauses(accept, restrictions, encodings);
        }
        return (encodings == ALL ? WITH_PROTOBUF : TEXT_ONLY)
                .get(restrictions)
                .negotiate(accept, restrictions, encodings);
    }

    /**
     * The outcomes of one kind of negotiation ({@link Restrictions} and encodings served) by Accept value: clients send
     * a handful of distinct values, each parsed once. Bounded, as the values come from clients: long values are not
     * kept, and the memo starts over when full.
     */
    private static final class Memo {
        static final int MAX_ENTRIES = 256;
        static final int MAX_ACCEPT_LENGTH = 512;
        private final ConcurrentHashMap<String, Optional<OutputFormat>> byAccept = new ConcurrentHashMap<>();

        OutputFormat negotiate(String accept, Restrictions restrictions, List<Encoding> encodings) {
            Optional<OutputFormat> known = byAccept.get(accept);
            if (known == null) {
                known = Optional.ofNullable(negotiateClauses(accept, restrictions, encodings));
                if (accept.length() <= MAX_ACCEPT_LENGTH) {
                    if (byAccept.size() >= MAX_ENTRIES) {
                        byAccept.clear();
                    }
                    byAccept.put(accept, known);
                }
            }
            return known.orElse(null);
        }
    }

    /** The outcomes with JSON, YAML and protobuf served, and with JSON and YAML only, by restrictions. */
    private static final Map<Restrictions, Memo> WITH_PROTOBUF = memos();

    private static final Map<Restrictions, Memo> TEXT_ONLY = memos();

    private static Map<Restrictions, Memo> memos() {
        Map<Restrictions, Memo> memos = new EnumMap<>(Restrictions.class);
        for (Restrictions r : Restrictions.values()) {
            memos.put(r, new Memo());
        }
        return memos;
    }

    private static OutputFormat negotiateClauses(String accept, Restrictions restrictions, List<Encoding> encodings) {
        for (MediaType clause : MediaType.parseAccept(accept)) {
            for (Encoding encoding : encodings) {
                String[] served = encoding.mediaType().split("/", -1);
                boolean matches = (clause.type().equals(served[0])
                                && (clause.subtype().equals(served[1])
                                        || clause.subtype().equals("*")))
                        || (clause.type().equals("*") && clause.subtype().equals("*"));
                if (matches) {
                    OutputFormat f = accept(clause, encoding, restrictions);
                    if (f != null) {
                        return f;
                    }
                }
            }
        }
        return null;
    }

    /** {@code acceptMediaTypeOptions} plus the endpoint's {@code AllowsMediaTypeTransform}. */
    private static OutputFormat accept(MediaType clause, Encoding encoding, Restrictions restrictions) {
        boolean convert = false;
        String kind = "";
        String group = "";
        String version = "";
        boolean pretty = false;
        for (Map.Entry<String, String> p : clause.params().entrySet()) {
            String v = p.getValue();
            switch (p.getKey()) {
                case "as" -> {
                    convert = true;
                    kind = v;
                }
                case "g" -> {
                    convert = true;
                    group = v;
                }
                case "v" -> {
                    convert = true;
                    version = v;
                }
                case "stream" -> {
                    if (!v.isEmpty() && (encoding == Encoding.YAML || !v.equals("watch"))) {
                        return null;
                    }
                }
                case "sv" -> {
                    if (!v.isEmpty() && !v.equals("v1")) {
                        return null;
                    }
                }
                case "pretty" -> pretty = v.equals("1");
                default -> {}
            }
        }
        if (!convert) {
            return new OutputFormat(encoding, ConversionTarget.NONE, null, pretty);
        }
        if (restrictions == Restrictions.NO_CONVERSION
                || !group.equals("meta.k8s.io")
                || !META_VERSIONS.contains(version)) {
            return null;
        }
        ConversionTarget target = ConversionTarget.ofKind(kind);
        if (target == null
                || (target == ConversionTarget.TABLE && restrictions == Restrictions.WATCH_LIST)
                || (target == ConversionTarget.TABLE && encoding == Encoding.PROTOBUF)) {
            return null;
        }
        return new OutputFormat(encoding, target, version, pretty);
    }
}
