package cloud.gardener.apiserver.authn;

import static cloud.gardener.apiserver.authn.Results.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TokenFileAuthenticatorTest {

    @Test
    void readsKubeApiserverCsv() {
        TokenFileAuthenticator tokens = TokenFileAuthenticator.parse("t1,alice,uid-1,\"dev,ops\"\n"
                + "\n"
                + "t2,bob,uid-2\r\n"
                + ",nobody,uid-0\n"
                + "t3,\"carol \"\"c\"\"\",uid-3,single\n");

        UserInfo alice = now(tokens.authenticateToken("t1")).user();
        assertThat(alice).isEqualTo(new UserInfo("alice", "uid-1", List.of("dev", "ops"), null));
        assertThat(now(tokens.authenticateToken("t2")).user().groups()).isEmpty();
        assertThat(now(tokens.authenticateToken("t3")).user().name()).isEqualTo("carol \"c\"");
        assertThat(now(tokens.authenticateToken("")).isNotApplicable()).isTrue();
        assertThat(now(tokens.authenticateToken("t4")).isNotApplicable()).isTrue();
        assertThat(tokens.size()).isEqualTo(3);
    }

    @Test
    void lastRecordOfARepeatedTokenWins() {
        TokenFileAuthenticator tokens = TokenFileAuthenticator.parse("t,first,1\nt,second,2\n");

        assertThat(now(tokens.authenticateToken("t")).user().name()).isEqualTo("second");
    }

    @Test
    void rejectsShortRecordsAndBadQuotes() {
        assertThatThrownBy(() -> TokenFileAuthenticator.parse("t1,alice\n")).hasMessageContaining("at least 3 columns");
        assertThatThrownBy(() -> TokenFileAuthenticator.parse("t1,al\"ice,1\n")).hasMessageContaining("bare \"");
        assertThatThrownBy(() -> TokenFileAuthenticator.parse("t1,\"alice,1\n"))
                .hasMessageContaining("extraneous or missing \"");
    }
}
