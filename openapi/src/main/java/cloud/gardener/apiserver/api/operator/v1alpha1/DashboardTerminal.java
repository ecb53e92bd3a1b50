package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("DashboardTerminal contains configuration for the terminal settings.")
public record DashboardTerminal(
        @Doc("Container contains configuration for the dashboard terminal container.")
        DashboardTerminalContainer container,

        @Doc(
                "AllowedHosts should consist of permitted hostnames (without the scheme) for terminal connections. It "
                        + "is important to consider that the usage of wildcards follows the rules defined by the content "
                        + "security policy. '*.seed.local.gardener.cloud', or '*.other-seeds.local.gardener.cloud'. For "
                        + "more information, see "
                        + "https://github.com/gardener/dashboard/blob/master/docs/operations/webterminals.md#allowlist-for-hosts.")
        @OmitEmpty
        List<String> allowedHosts) {}
