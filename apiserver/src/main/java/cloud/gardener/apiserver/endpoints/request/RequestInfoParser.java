package cloud.gardener.apiserver.endpoints.request;

import cloud.gardener.apiserver.api.model.GoStrings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Resolves a request into a {@link RequestInfo} the way {@code k8s.io/apiserver}'s
 * {@code RequestInfoFactory.NewRequestInfo} does (API prefixes {@code apis}, and {@code api} without a group).
 * Authorization depends on the result, so the quirks are kept: the {@code namespaces/{ns}/status|finalize}
 * exception, a {@code metadata.name} field selector naming the object, and the rule that a query which fails
 * to decode still decides list versus watch but never names the object.
 */
public final class RequestInfoParser {

    private static final Set<String> API_PREFIXES = Set.of("apis", "api");
    private static final Set<String> GROUPLESS_API_PREFIXES = Set.of("api");
    private static final Set<String> SPECIAL_VERBS = Set.of("proxy", "watch");
    private static final Set<String> SPECIAL_VERBS_NO_SUBRESOURCES = Set.of("proxy");
    private static final Set<String> NAMESPACE_SUBRESOURCES = Set.of("status", "finalize");
    private static final Set<String> VERBS_WITH_SELECTORS = Set.of("list", "watch", "deletecollection");

    private RequestInfoParser() {}

    /**
     * Parses a request; label selectors are taken to be valid (see the four-argument form).
     *
     * @param method the HTTP method, upper case as sent
     * @param path   the decoded URL path
     * @param query  the decoded query parameters, values in order of appearance
     * @throws RequestInfoException for {@code /apis/g/v/watch} or {@code /proxy} without anything after it
     */
    public static RequestInfo parse(String method, String path, Map<String, List<String>> query) {
        return parse(method, path, query, selector -> true);
    }

    /**
     * Parses a request. {@code labelSelectorValid} tells whether the raw {@code labelSelector} parses: when the
     * list options of a collection GET do not decode, Kubernetes does not take the name from the field selector.
     */
    public static RequestInfo parse(
            String method, String path, Map<String, List<String>> query, Predicate<String> labelSelectorValid) {
        List<String> parts = splitPath(path);
        if (parts.size() < 3 || !API_PREFIXES.contains(parts.get(0))) {
            return RequestInfo.nonResource(path, method);
        }
        String apiPrefix = parts.get(0);
        parts = parts.subList(1, parts.size());
        String apiGroup = "";
        if (!GROUPLESS_API_PREFIXES.contains(apiPrefix)) {
            if (parts.size() < 3) {
                return RequestInfo.nonResource(path, method);
            }
            apiGroup = parts.get(0);
            parts = parts.subList(1, parts.size());
        }
        String apiVersion = parts.get(0);
        parts = parts.subList(1, parts.size());

        String verb;
        boolean verbViaPathPrefix = false;
        if (SPECIAL_VERBS.contains(parts.get(0))) {
            if (parts.size() < 2) {
                throw new RequestInfoException("unable to determine kind and namespace from url, " + path);
            }
            verb = parts.get(0);
            parts = parts.subList(1, parts.size());
            verbViaPathPrefix = true;
        } else {
            verb = switch (method) {
                case "POST" -> "create";
                case "GET", "HEAD" -> "get";
                case "PUT" -> "update";
                case "PATCH" -> "patch";
                case "DELETE" -> "delete";
                default -> "";
            };
        }

        String namespace = "";
        if (parts.get(0).equals("namespaces")) {
            if (parts.size() > 1) {
                namespace = parts.get(1);
                // namespaces/{ns}/status and /finalize are the namespace object's own subresources
                if (parts.size() > 2 && !NAMESPACE_SUBRESOURCES.contains(parts.get(2))) {
                    parts = parts.subList(2, parts.size());
                }
            }
        }

        String resource = "";
        String name = "";
        String subresource = "";
        if (parts.size() >= 3 && !SPECIAL_VERBS_NO_SUBRESOURCES.contains(verb)) {
            subresource = parts.get(2);
        }
        if (parts.size() >= 2) {
            name = parts.get(1);
        }
        if (!parts.isEmpty()) {
            resource = parts.get(0);
        }

        if (name.isEmpty() && verb.equals("get")) {
            String watch = first(query, "watch");
            boolean watching = watch != null && !watch.equals("0") && !watch.equalsIgnoreCase("false");
            verb = watching ? "watch" : "list";
            if (listOptionsDecode(query, labelSelectorValid)) {
                String selected = exactMetadataName(first(query, "fieldSelector"));
                if (selected != null && isPathSegmentName(selected)) {
                    name = selected;
                }
            }
        }
        if (name.isEmpty() && verb.equals("delete")) {
            verb = "deletecollection";
        }

        String labelSelector = "";
        String fieldSelector = "";
        if (!verbViaPathPrefix && VERBS_WITH_SELECTORS.contains(verb)) {
            fieldSelector = GoStrings.orEmpty(first(query, "fieldSelector"));
            labelSelector = GoStrings.orEmpty(first(query, "labelSelector"));
        }
        return new RequestInfo(
                true,
                path,
                verb,
                apiPrefix,
                apiGroup,
                apiVersion,
                namespace,
                resource,
                subresource,
                name,
                parts,
                labelSelector,
                fieldSelector);
    }

    /** Go's {@code strings.Split(strings.Trim(path, "/"), "/")}, with an empty path giving no segments. */
    static List<String> splitPath(String path) {
        int start = 0;
        int end = path.length();
        while (start < end && path.charAt(start) == '/') {
            start++;
        }
        while (end > start && path.charAt(end - 1) == '/') {
            end--;
        }
        List<String> parts = new ArrayList<>(8);
        if (start == end) {
            return parts;
        }
        // as split("/", -1) of the trimmed path (empty segments kept), without copying the path and an array first
        int from = start;
        for (int slash = path.indexOf('/', from); slash >= 0 && slash < end; slash = path.indexOf('/', from)) {
            parts.add(path.substring(from, slash));
            from = slash + 1;
        }
        parts.add(path.substring(from, end));
        return parts;
    }

    /** Whether the list options in the query decode: integers parse, and both selectors parse. */
    private static boolean listOptionsDecode(Map<String, List<String>> query, Predicate<String> labelSelectorValid) {
        for (String intParam : List.of("timeoutSeconds", "limit")) {
            String value = first(query, intParam);
            if (value != null) {
                try {
                    Long.parseLong(value);
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        String labels = first(query, "labelSelector");
        if (labels != null && !labelSelectorValid.test(labels)) {
            return false;
        }
        String fields = first(query, "fieldSelector");
        return fields == null || parseFieldSelectorTerms(fields) != null;
    }

    /**
     * The value of the first {@code metadata.name=} or {@code ==} term after sorting the terms, as
     * {@code fields.Selector.RequiresExactMatch("metadata.name")}; null if there is none.
     */
    static String exactMetadataName(String fieldSelector) {
        if (fieldSelector == null) {
            return null;
        }
        List<String[]> terms = parseFieldSelectorTerms(fieldSelector);
        if (terms == null) {
            return null;
        }
        for (String[] term : terms) {
            if (term[0].equals("metadata.name") && !term[1].equals("!=")) {
                return term[2];
            }
        }
        return null;
    }

    /** {@code fields.ParseSelector}: sorted terms {@code [field, op, unescapedValue]}, or null when invalid. */
    static List<String[]> parseFieldSelectorTerms(String selector) {
        List<String> raw = splitTerms(selector);
        Collections.sort(raw);
        List<String[]> terms = new ArrayList<>();
        for (String part : raw) {
            if (part.isEmpty()) {
                continue;
            }
            String[] term = splitTerm(part);
            if (term == null) {
                return null;
            }
            String value = unescape(term[2]);
            if (value == null) {
                return null;
            }
            term[2] = value;
            terms.add(term);
        }
        return terms;
    }

    private static List<String> splitTerms(String selector) {
        List<String> terms = new ArrayList<>();
        if (selector.isEmpty()) {
            return terms;
        }
        int start = 0;
        boolean escaped = false;
        for (int i = 0; i < selector.length(); i++) {
            char c = selector.charAt(i);
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == ',') {
                terms.add(selector.substring(start, i));
                start = i + 1;
            }
        }
        terms.add(selector.substring(start));
        return terms;
    }

    private static String[] splitTerm(String term) {
        for (int i = 0; i < term.length(); i++) {
            for (String op : List.of("!=", "==", "=")) {
                if (term.startsWith(op, i)) {
                    return new String[] {term.substring(0, i), op, term.substring(i + op.length())};
                }
            }
        }
        return null;
    }

    private static String unescape(String value) {
        if (value.indexOf('\\') < 0) {
            return value;
        }
        StringBuilder sb = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (i + 1 >= value.length()) {
                return null;
            }
            char next = value.charAt(++i);
            if (next != '\\' && next != ',' && next != '=') {
                return null;
            }
            sb.append(next);
        }
        return sb.toString();
    }

    /** {@code IsValidPathSegmentName}: not {@code .} or {@code ..}, and no {@code /} or {@code %}. */
    static boolean isPathSegmentName(String name) {
        return !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0 && name.indexOf('%') < 0;
    }

    private static String first(Map<String, List<String>> query, String key) {
        List<String> values = query.get(key);
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
