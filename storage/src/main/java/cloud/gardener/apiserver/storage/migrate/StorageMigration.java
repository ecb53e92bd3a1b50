package cloud.gardener.apiserver.storage.migrate;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Copies every key under a prefix from one store to another (embedded to etcd, etcd to embedded, or
 * between two of a kind), through the storage contract.
 *
 * <p>Values are copied as raw bytes: encrypted values stay encrypted (the stores are used unwrapped),
 * and an object's name, uid and generation, which live in the value, are kept. Revisions are the
 * target's own, so resourceVersions change, as they do on any etcd restore. The source is read page by
 * page at one revision, so the copy is a consistent snapshot; it should not be served while copying.
 *
 * <p>The target must hold no key under the prefix, unless forced: then keys the source has are
 * overwritten and keys it lacks are deleted, so the target ends up an exact copy.
 */
public final class StorageMigration {

    /** Keys read per page; their writes are in flight together. */
    static final int PAGE = 500;

    private final Storage source;
    private final Storage target;
    private final String prefix;
    private final boolean force;
    private final AtomicLong copied = new AtomicLong();
    private final AtomicLong deleted = new AtomicLong();
    private final Set<String> sourceKeys = new HashSet<>();

    private StorageMigration(Storage source, Storage target, String prefix, boolean force) {
        this.source = source;
        this.target = target;
        this.prefix = prefix.endsWith("/") ? prefix : prefix + "/";
        this.force = force;
    }

    /**
     * Copies every key under {@code prefix} (e.g. {@code /registry-gardener}) from {@code source} to
     * {@code target}. Fails with {@link TargetNotEmptyException} when the target holds keys under the prefix
     * and {@code force} is false; nothing is written then.
     */
    public static Future<MigrationResult> copy(Storage source, Storage target, String prefix, boolean force) {
        return new StorageMigration(source, target, prefix, force).run();
    }

    private Future<MigrationResult> run() {
        return target.list(new ListRequest(prefix, 0, 1, null, null)).compose(probe -> {
            if (!probe.items().isEmpty() && !force) {
                return Future.failedFuture(
                        new TargetNotEmptyException(prefix, probe.items().get(0).key()));
            }
            boolean targetEmpty = probe.items().isEmpty();
            return source.list(new ListRequest(prefix, 0, PAGE, null, null))
                    .compose(first -> copyPages(first, first.revision()))
                    .compose(revision -> targetEmpty
                            ? Future.succeededFuture(revision)
                            : deleteExtraKeys(null).map(revision))
                    .map(revision -> new MigrationResult(copied.get(), deleted.get(), revision));
        });
    }

    /** Writes this page, then reads and writes the next one at the same revision. */
    private Future<Long> copyPages(ListPage page, long revision) {
        List<Future<StoredObject>> writes = new ArrayList<>(page.items().size());
        for (StoredObject item : page.items()) {
            sourceKeys.add(item.key());
            writes.add(write(item.key(), item.value()));
        }
        return Future.all(writes).compose(done -> {
            if (!page.hasMore()) {
                return Future.succeededFuture(revision);
            }
            return source.list(new ListRequest(prefix, revision, PAGE, page.nextKey(), null))
                    .compose(next -> copyPages(next, revision));
        });
    }

    private Future<StoredObject> write(String key, byte[] value) {
        Future<StoredObject> created = target.create(key, value);
        if (force) {
            created = created.recover(
                    e -> e instanceof StorageException se && se.reason() == StorageException.Reason.KEY_EXISTS
                            ? target.update(key, 0, value)
                            : Future.failedFuture(e));
        }
        return created.onSuccess(o -> copied.incrementAndGet());
    }

    /** With force: removes target keys under the prefix that the source does not have. */
    private Future<Void> deleteExtraKeys(String startKey) {
        return target.list(new ListRequest(prefix, 0, PAGE, startKey, o -> !sourceKeys.contains(o.key())))
                .compose(page -> {
                    List<Future<StoredObject>> deletes = new ArrayList<>();
                    for (StoredObject extra : page.items()) {
                        deletes.add(target.delete(extra.key(), extra.modRevision())
                                .onSuccess(o -> deleted.incrementAndGet()));
                    }
                    return Future.all(deletes)
                            .compose(done ->
                                    page.hasMore() ? deleteExtraKeys(page.nextKey()) : Future.succeededFuture());
                });
    }
}
