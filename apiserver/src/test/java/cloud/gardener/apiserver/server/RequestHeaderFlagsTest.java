package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The {@code --requestheader-*} flags reach the front-proxy settings. */
class RequestHeaderFlagsTest {

    @Test
    void uidHeadersDefaultToXRemoteUidAsKubernetes132() throws Exception {
        RequestHeaderConfig defaults = Main.authentication(parse()).requestHeader();

        assertThat(defaults.uidHeaders()).containsExactly("X-Remote-Uid");
        assertThat(defaults.usernameHeaders()).containsExactly("X-Remote-User");
    }

    @Test
    void uidHeadersAreACommaSeparatedList() throws Exception {
        RequestHeaderConfig config = Main.authentication(parse("--requestheader-uid-headers=X-Proxy-Uid,X-Other-Uid"))
                .requestHeader();

        assertThat(config.uidHeaders()).containsExactly("X-Proxy-Uid", "X-Other-Uid");
    }

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}
