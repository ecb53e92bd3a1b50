package cloud.gardener.apiserver.storage.etcd3;

import io.etcd.jetcd.api.Event;
import io.etcd.jetcd.impl.AbstractResponse;
import io.etcd.jetcd.watch.WatchResponse;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * The etcd events of a jetcd watch response, read from the gRPC message it wraps. jetcd's own events wrap
 * every key and value in a {@code ByteSequence}, whose constructor hashes the whole value: two 8.6 KB hashes
 * per updated object (value and previous value) on every watch, before the storage copies the bytes out.
 * jetcd keeps the message behind a protected getter, read here once through a method handle; a jetcd that
 * moves it fails the first watch (and the watch tests), not silently.
 */
final class WatchMessages {

    private static final MethodHandle MESSAGE = messageGetter();

    private WatchMessages() {}

    static List<Event> events(WatchResponse response) {
        try {
            return ((io.etcd.jetcd.api.WatchResponse) MESSAGE.invoke(response)).getEventsList();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read jetcd's watch message", e);
        }
    }

    private static MethodHandle messageGetter() {
        try {
            return MethodHandles.privateLookupIn(AbstractResponse.class, MethodHandles.lookup())
                    .findVirtual(AbstractResponse.class, "getResponse", MethodType.methodType(Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
