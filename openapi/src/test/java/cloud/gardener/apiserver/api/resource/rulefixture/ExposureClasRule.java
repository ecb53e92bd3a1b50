package cloud.gardener.apiserver.api.resource.rulefixture;

/** A typo in the kind: no kind's lookup finds it. */
public final class ExposureClasRule implements Rule {}
