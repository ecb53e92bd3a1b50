package cloud.gardener.apiserver.storage.etcd3;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The storage contract against etcd speaking TLS only and requiring a client certificate. */
@Tag("integration")
class EtcdTlsStorageContractTest extends StorageContractTest {

    @RegisterExtension
    static final EtcdExtension ETCD = EtcdExtension.withTls();

    @Override
    protected Storage newStorage(Vertx vertx) {
        return new EtcdStorage(vertx, ETCD.config());
    }

    @Override
    protected String newPrefix() {
        return ETCD.newPrefix();
    }
}
