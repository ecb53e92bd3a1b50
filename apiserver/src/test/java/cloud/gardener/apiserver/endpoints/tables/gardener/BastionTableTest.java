package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.CLOCK;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.after;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.before;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.cells;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.columns;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.json;
import static cloud.gardener.apiserver.endpoints.tables.TableTestSupport.object;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BastionTableTest {

    private final BastionTable table = new BastionTable(CLOCK);

    @Test
    void columnsCarryGardenersDescriptions() {
        assertThat(columns(table))
                .containsExactly(
                        "Name|string|name|0|NAME_DOC",
                        "Shoot|string|name|0|The Shoot this bastion belongs to.",
                        "Seed|string|name|0|The Seed cluster on which the Shoot is scheduled.",
                        "IP|string|name|0|The bastion host's IP and/or hostname.",
                        "Heartbeat|string|name|0|The time and date when the last heartbeat occurred.",
                        "Expires|string|name|0|The time and date after which the bastion will be deleted.",
                        "Age|date||0|AGE_DOC");
    }

    @Test
    void readyBastion() {
        var bastion = object(
                "cli-x",
                "'spec':{'shootRef':{'name':'s'},'seedName':'seed-1'},'status':{"
                        + "'ingress':{'ip':'1.2.3.4','hostname':'bastion.example.com'},"
                        + "'lastHeartbeatTimestamp':'" + before(Duration.ofSeconds(190)) + "',"
                        + "'expirationTimestamp':'" + after(Duration.ofHours(3).plusMinutes(30)) + "'}");
        assertThat(cells(table, bastion))
                .containsExactly("cli-x", "s", "seed-1", "bastion.example.com", "3m10s ago", "3h30m", "5m");
    }

    @Test
    void ipWhenNoHostnameAndExpiredWhenPast() {
        var bastion = object(
                "b",
                "'spec':{'shootRef':{'name':'s'}},'status':{'ingress':{'ip':'10.0.0.1'},"
                        + "'lastHeartbeatTimestamp':'" + before(Duration.ofDays(3)) + "',"
                        + "'expirationTimestamp':'" + before(Duration.ofSeconds(1)) + "'}");
        assertThat(cells(table, bastion))
                .containsExactly("b", "s", "<pending>", "10.0.0.1", "3d ago", "<expired>", "5m");
    }

    @Test
    void pendingBastion() {
        assertThat(cells(table, json("{}")))
                .containsExactly("", "", "<pending>", "<pending>", "<never>", "<pending>", "<unknown>");
        var bastion = json("{'status':{'ingress':{'ip':'','hostname':''},'lastHeartbeatTimestamp':null,"
                + "'expirationTimestamp':'0001-01-01T00:00:00Z'}}");
        assertThat(cells(table, bastion).subList(3, 6)).containsExactly("<pending>", "<never>", "<pending>");
    }

    @Test
    void expiringRightNowIsNotYetExpired() {
        var bastion = json("{'status':{'expirationTimestamp':'" + after(Duration.ZERO) + "'}}");
        assertThat(cells(table, bastion).get(5)).isEqualTo("0s");
    }
}
