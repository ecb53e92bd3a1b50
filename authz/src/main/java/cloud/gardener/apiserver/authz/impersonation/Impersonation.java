package cloud.gardener.apiserver.authz.impersonation;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.RequestHeaderAuthenticator;
import cloud.gardener.apiserver.authn.UserInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * k8s.io/apiserver's impersonation ({@code filters/impersonation.go}): the {@code Impersonate-User},
 * {@code Impersonate-Group}, {@code Impersonate-Uid} and {@code Impersonate-Extra-<key>} headers become requests
 * to authorize one by one, and then the user the request runs as. Groups, extras or a UID without a user are
 * refused with 400.
 */
public final class Impersonation {

    public static final String USER_HEADER = "Impersonate-User";
    public static final String GROUP_HEADER = "Impersonate-Group";
    public static final String UID_HEADER = "Impersonate-Uid";
    public static final String EXTRA_HEADER_PREFIX = "Impersonate-Extra-";

    private static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";
    private static final String SERVICE_ACCOUNTS_GROUP = "system:serviceaccounts";
    private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS1123_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private Impersonation() {}

    /** Whether a header is one of impersonation's, which are removed once the user is swapped. */
    public static boolean isImpersonationHeader(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.equals(USER_HEADER.toLowerCase(Locale.ROOT))
                || lower.equals(GROUP_HEADER.toLowerCase(Locale.ROOT))
                || lower.equals(UID_HEADER.toLowerCase(Locale.ROOT))
                || lower.startsWith(EXTRA_HEADER_PREFIX.toLowerCase(Locale.ROOT));
    }

    /**
     * What the headers ask to impersonate, in upstream's order: the user (or service account), each group, each
     * extra value, the UID. Empty when nothing is asked.
     *
     * @param headers every header value by name; names compare case-insensitively
     * @throws ApiException 400 when groups, extras or a UID come without a user
     */
    public static List<ImpersonationRequest> requests(Map<String, List<String>> headers) {
        Map<String, List<String>> byName = new TreeMap<>();
        headers.forEach((name, values) -> byName.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                .addAll(values));
        List<ImpersonationRequest> requests = new ArrayList<>();

        String user = first(byName.get(USER_HEADER.toLowerCase(Locale.ROOT)));
        boolean hasUser = !user.isEmpty();
        if (hasUser) {
            String[] serviceAccount = splitServiceAccount(user);
            requests.add(
                    serviceAccount != null
                            ? ImpersonationRequest.of(
                                    ImpersonationRequest.Kind.SERVICE_ACCOUNT, serviceAccount[0], serviceAccount[1])
                            : ImpersonationRequest.of(ImpersonationRequest.Kind.USER, "", user));
        }
        List<String> groups = byName.getOrDefault(GROUP_HEADER.toLowerCase(Locale.ROOT), List.of());
        for (String group : groups) {
            requests.add(ImpersonationRequest.of(ImpersonationRequest.Kind.GROUP, "", group));
        }
        boolean hasExtra = false;
        String extraPrefix = EXTRA_HEADER_PREFIX.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, List<String>> header : byName.entrySet()) {
            if (!header.getKey().startsWith(extraPrefix)) {
                continue;
            }
            hasExtra = true;
            String key = RequestHeaderAuthenticator.pathUnescape(header.getKey().substring(extraPrefix.length()));
            for (String value : header.getValue()) {
                requests.add(new ImpersonationRequest(
                        ImpersonationRequest.Kind.USER_EXTRA, "", value, ImpersonationRequest.AUTHENTICATION_V1, key));
            }
        }
        String uid = first(byName.get(UID_HEADER.toLowerCase(Locale.ROOT)));
        boolean hasUid = !uid.isEmpty();
        if (hasUid) {
            requests.add(new ImpersonationRequest(
                    ImpersonationRequest.Kind.UID, "", uid, ImpersonationRequest.AUTHENTICATION_V1, ""));
        }
        if ((!groups.isEmpty() || hasExtra || hasUid) && !hasUser) {
            throw ApiException.badRequest("requested " + goSlice(requests) + " without impersonating a user");
        }
        return List.copyOf(requests);
    }

    /**
     * The user the request runs as once every request is allowed. A service account without
     * {@code Impersonate-Group} gets its fixed groups; {@code system:authenticated} is added unless the groups
     * already say authenticated or unauthenticated, and for {@code system:anonymous} {@code system:unauthenticated}
     * instead.
     *
     * @param groupsSpecified whether the request carried {@code Impersonate-Group}
     */
    public static UserInfo impersonatedUser(List<ImpersonationRequest> requests, boolean groupsSpecified) {
        String username = "";
        String uid = "";
        List<String> groups = new ArrayList<>();
        Map<String, List<String>> extra = new LinkedHashMap<>();
        for (ImpersonationRequest r : requests) {
            switch (r.kind()) {
                case SERVICE_ACCOUNT -> {
                    username = SERVICE_ACCOUNT_PREFIX + r.namespace() + ":" + r.name();
                    if (!groupsSpecified) {
                        groups = new ArrayList<>(
                                List.of(SERVICE_ACCOUNTS_GROUP, SERVICE_ACCOUNTS_GROUP + ":" + r.namespace()));
                    }
                }
                case USER -> username = r.name();
                case GROUP -> groups.add(r.name());
                case USER_EXTRA ->
                    extra.computeIfAbsent(r.fieldPath(), k -> new ArrayList<>()).add(r.name());
                case UID -> uid = r.name();
            }
        }
        if (!username.equals(UserInfo.ANONYMOUS)) {
            if (!groups.contains(UserInfo.ALL_AUTHENTICATED) && !groups.contains(UserInfo.ALL_UNAUTHENTICATED)) {
                groups.add(UserInfo.ALL_AUTHENTICATED);
            }
        } else if (!groups.contains(UserInfo.ALL_UNAUTHENTICATED)) {
            groups.add(UserInfo.ALL_UNAUTHENTICATED);
        }
        return new UserInfo(username, uid, groups, extra);
    }

    private static String first(List<String> values) {
        return values == null || values.isEmpty() ? "" : values.get(0);
    }

    /** serviceaccount.SplitUsername: {@code system:serviceaccount:<namespace>:<name>} with valid names, else null. */
    private static String[] splitServiceAccount(String username) {
        if (!username.startsWith(SERVICE_ACCOUNT_PREFIX)) {
            return null;
        }
        String[] parts = username.substring(SERVICE_ACCOUNT_PREFIX.length()).split(":", -1);
        if (parts.length != 2
                || parts[0].length() > 63
                || !DNS1123_LABEL.matcher(parts[0]).matches()
                || parts[1].length() > 253
                || !DNS1123_SUBDOMAIN.matcher(parts[1]).matches()) {
            return null;
        }
        return parts;
    }

    private static String goSlice(List<ImpersonationRequest> requests) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < requests.size(); i++) {
            b.append(i == 0 ? "" : " ").append(requests.get(i));
        }
        return b.append(']').toString();
    }
}
