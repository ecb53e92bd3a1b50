package cloud.gardener.apiserver.api.resource.rulefixture;

/** Another suffix: no kind's lookup finds it. */
public final class ExposureClassRules implements Rule {}
