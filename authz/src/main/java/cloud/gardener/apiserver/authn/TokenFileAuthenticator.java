package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Static bearer tokens from {@code --token-auth-file}, in kube-apiserver's CSV format: one record per line,
 * {@code token,user,uid[,"group1,group2"]}. A record with fewer than three columns makes the file invalid;
 * an empty token is skipped; a repeated token: the last record wins. Unknown tokens are not applicable, so
 * that other token authenticators may still know them.
 */
public final class TokenFileAuthenticator implements TokenAuthenticator {

    private final Map<String, UserInfo> usersByToken;

    private TokenFileAuthenticator(Map<String, UserInfo> usersByToken) {
        this.usersByToken = Map.copyOf(usersByToken);
    }

    /** Reads and checks the file. */
    public static TokenFileAuthenticator read(Path file) throws IOException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("token file '" + file + "': " + e.getMessage(), e);
        }
    }

    /**
     * Parses a static token file.
     *
     * @throws IllegalArgumentException when the text is not valid CSV or a record has fewer than 3 columns
     */
    public static TokenFileAuthenticator parse(String csv) {
        String text = csv.startsWith("\uFEFF") ? csv.substring(1) : csv;
        Map<String, UserInfo> users = new HashMap<>();
        for (List<String> record : GoCsv.parse(text)) {
            if (record.size() < 3) {
                throw new IllegalArgumentException(
                        "must have at least 3 columns (token, user name, user uid), found " + record.size());
            }
            if (record.get(0).isEmpty()) {
                continue;
            }
            List<String> groups =
                    record.size() >= 4 ? Arrays.asList(record.get(3).split(",", -1)) : List.of();
            users.put(record.get(0), new UserInfo(record.get(1), record.get(2), groups, Map.of()));
        }
        return new TokenFileAuthenticator(users);
    }

    /** How many tokens the file defines. */
    public int size() {
        return usersByToken.size();
    }

    @Override
    public Future<AuthenticationResult> authenticateToken(String token) {
        // Constant-time comparison over all entries so that timing does not reveal token prefixes.
        byte[] presented = token.getBytes(StandardCharsets.UTF_8);
        UserInfo found = null;
        for (Map.Entry<String, UserInfo> entry : usersByToken.entrySet()) {
            if (MessageDigest.isEqual(presented, entry.getKey().getBytes(StandardCharsets.UTF_8))) {
                found = entry.getValue();
            }
        }
        return Future.succeededFuture(
                found == null ? AuthenticationResult.notApplicable() : AuthenticationResult.authenticated(found));
    }
}
