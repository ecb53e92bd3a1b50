package cloud.gardener.apiserver.storage.value;

import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.StorageContractTest;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The whole storage contract through encryption at rest: aesgcm for every key, over a real etcd. */
@Tag("integration")
class TransformingStorageContractTest extends StorageContractTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    private static final Transformer AESGCM = new PrefixTransformers(
            "no matching prefix found",
            List.of(new PrefixTransformer(
                    "k8s:enc:aesgcm:v1:",
                    new PrefixTransformers(
                            "no matching key",
                            List.of(new PrefixTransformer("key1:", new AesGcmTransformer(Keys.random(32))))))));

    @Override
    protected Storage newStorage(Vertx vertx) {
        return TransformingStorage.byKeyPrefix(new EtcdStorage(vertx, ETCD.config()), Map.of("/", AESGCM));
    }

    @Override
    protected String newPrefix() {
        return ETCD.newPrefix();
    }
}
