package cloud.gardener.apiserver.storage.testing;

import cloud.gardener.apiserver.storage.etcd3.EtcdConfig;
import cloud.gardener.apiserver.storage.etcd3.EtcdProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A private etcd cluster per test class, its members on free loopback ports; {@link #config()} lists every
 * member's endpoint, as {@code --etcd-servers} would. Members can be killed and restarted one by one.
 */
public final class EtcdClusterExtension implements BeforeAllCallback, AfterAllCallback {

    private static final Pattern MEMBER_ID = Pattern.compile("\"member_id\"\\s*:\\s*\"(\\d+)\"");
    private static final Pattern LEADER = Pattern.compile("\"leader\"\\s*:\\s*\"(\\d+)\"");

    private final int size;
    private Path baseDir;
    private List<EtcdProcess> members = List.of();

    public EtcdClusterExtension(int size) {
        this.size = size;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        baseDir = Files.createTempDirectory(
                "etcd-cluster-" + context.getRequiredTestClass().getSimpleName() + "-");
        members = EtcdProcess.startCluster(baseDir, size, Duration.ofSeconds(1));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        members.forEach(EtcdProcess::close);
        members = List.of();
        TempFiles.deleteRecursively(baseDir);
    }

    public List<EtcdProcess> members() {
        return members;
    }

    /** Every member's client URL, in member order. */
    public EtcdConfig config() {
        return new EtcdConfig(
                members.stream().map(m -> URI.create(m.endpoint())).toList(), null, null, null, null);
    }

    /**
     * The member that leads now, asked through etcd's JSON gateway ({@code /v3/maintenance/status}) of the
     * first member that answers.
     */
    public EtcdProcess leader() {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        String leaderId = null;
        for (EtcdProcess m : members) {
            String status = status(http, m);
            if (status != null && (leaderId = group(LEADER, status)) != null) {
                break;
            }
        }
        if (leaderId == null) {
            throw new IllegalStateException("no member reports a leader");
        }
        for (EtcdProcess m : members) {
            String status = status(http, m);
            if (status != null && leaderId.equals(group(MEMBER_ID, status))) {
                return m;
            }
        }
        throw new IllegalStateException("leader " + leaderId + " is none of the members");
    }

    private static String status(HttpClient http, EtcdProcess member) {
        if (!member.isAlive()) {
            return null;
        }
        HttpRequest req = HttpRequest.newBuilder(URI.create(member.endpoint() + "/v3/maintenance/status"))
                .timeout(Duration.ofSeconds(2))
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build();
        try {
            HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString());
            return resp.statusCode() == 200 ? resp.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String group(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
