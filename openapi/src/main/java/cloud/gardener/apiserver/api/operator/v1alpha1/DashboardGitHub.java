package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("DashboardGitHub contains configuration for the GitHub ticketing feature.")
public record DashboardGitHub(
        @Doc("APIURL is the URL to the GitHub API.") String apiURL,

        @Doc("Organisation is the name of the GitHub organisation.")
        String organisation,

        @Doc("Repository is the name of the GitHub repository.")
        String repository,

        @Doc("SecretRef is the reference to a secret in the garden namespace containing the GitHub credentials.")
        LocalObjectReference secretRef,

        @Doc("PollInterval is the interval of how often the GitHub API is polled for issue updates. This field is "
                + "used as a fallback mechanism to ensure state synchronization, even when there is a GitHub "
                + "webhook configuration. If a webhook event is missed or not successfully delivered, the polling "
                + "will help catch up on any missed updates. If this field is not provided and there is no "
                + "'webhookSecret' key in the referenced secret, it will be implicitly defaulted to `15m`.")
        @OmitEmpty
        @Ptr
        Duration pollInterval) {}
