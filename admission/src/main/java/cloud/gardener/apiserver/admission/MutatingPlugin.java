package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;

/** A plugin that may change the object; failing the future rejects the request with that error. */
public interface MutatingPlugin extends AdmissionPlugin {

    Future<Void> admit(Attributes attributes);
}
