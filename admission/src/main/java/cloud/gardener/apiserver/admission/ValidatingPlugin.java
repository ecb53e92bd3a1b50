package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;

/** A plugin that only accepts or rejects; failing the future rejects the request with that error. */
public interface ValidatingPlugin extends AdmissionPlugin {

    Future<Void> validate(Attributes attributes);
}
