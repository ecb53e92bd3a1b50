package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EtcdVersionTest {

    @Test
    void progressReportsAreTrustedFromTheReleasesThatFixedEtcd15220() {
        assertThat(EtcdVersion.parse("3.4.23").progressNotifyOrdered()).isFalse();
        assertThat(EtcdVersion.parse("3.4.30").progressNotifyOrdered()).isFalse();
        assertThat(EtcdVersion.parse("3.4.31").progressNotifyOrdered()).isTrue();
        assertThat(EtcdVersion.parse("3.5.12").progressNotifyOrdered()).isFalse();
        assertThat(EtcdVersion.parse("v3.5.13").progressNotifyOrdered()).isTrue();
        assertThat(EtcdVersion.parse("3.6.0-rc.1").progressNotifyOrdered()).isTrue();
        assertThat(EtcdVersion.parse("3.3.27").progressNotifyOrdered()).isFalse();
        assertThat(EtcdVersion.parse("2.3.8").progressNotifyOrdered()).isFalse();
    }

    @Test
    void somethingElseIsNoVersion() {
        assertThatThrownBy(() -> EtcdVersion.parse("latest")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EtcdVersion.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
