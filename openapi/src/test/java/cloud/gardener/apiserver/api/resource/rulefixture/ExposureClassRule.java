package cloud.gardener.apiserver.api.resource.rulefixture;

/** Named after its kind: found. */
public final class ExposureClassRule extends BaseRule {}
