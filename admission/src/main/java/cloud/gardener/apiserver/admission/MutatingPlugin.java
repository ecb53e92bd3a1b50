package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;

/**
 * A plugin that may change the object; failing the future rejects the request with that error. Its answer says
 * whether it wrote to {@link Attributes#object()}: {@link Mutation#NONE} only when no path it took wrote a node
 * (the chain then keeps the object's record for the next plugin), {@link Mutation#WROTE} otherwise.
 */
public interface MutatingPlugin extends AdmissionPlugin {

    Future<Mutation> admit(Attributes attributes);
}
