package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.admission.plugins.backupbucket.validator.BackupBucketValidatorPlugin;
import cloud.gardener.apiserver.admission.plugins.bastion.BastionPlugin;
import cloud.gardener.apiserver.admission.plugins.controllerregistration.resources.ControllerRegistrationResources;
import cloud.gardener.apiserver.admission.plugins.global.customverbauthorizer.CustomVerbAuthorizer;
import cloud.gardener.apiserver.admission.plugins.global.deletionconfirmation.DeletionConfirmation;
import cloud.gardener.apiserver.admission.plugins.global.extensionlabels.ExtensionLabels;
import cloud.gardener.apiserver.admission.plugins.global.extensionvalidation.ExtensionValidator;
import cloud.gardener.apiserver.admission.plugins.global.finalizerremoval.FinalizerRemoval;
import cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ResourceReferenceManager;
import cloud.gardener.apiserver.admission.plugins.managedseed.shoot.ManagedSeedShoot;
import cloud.gardener.apiserver.admission.plugins.managedseed.validator.ManagedSeedPlugin;
import cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.validator.NamespacedCloudProfileValidatorPlugin;
import cloud.gardener.apiserver.admission.plugins.namespacelifecycle.NamespaceLifecycle;
import cloud.gardener.apiserver.admission.plugins.policy.ValidatingAdmissionPolicy;
import cloud.gardener.apiserver.admission.plugins.project.mutator.ProjectMutator;
import cloud.gardener.apiserver.admission.plugins.seed.mutator.SeedMutator;
import cloud.gardener.apiserver.admission.plugins.seed.validator.SeedValidatorPlugin;
import cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestriction;
import cloud.gardener.apiserver.admission.plugins.shoot.dns.ShootDns;
import cloud.gardener.apiserver.admission.plugins.shoot.dnsrewriting.ShootDnsRewriting;
import cloud.gardener.apiserver.admission.plugins.shoot.exposureclass.ShootExposureClass;
import cloud.gardener.apiserver.admission.plugins.shoot.managedseed.ShootManagedSeed;
import cloud.gardener.apiserver.admission.plugins.shoot.mutator.ShootMutatorPlugin;
import cloud.gardener.apiserver.admission.plugins.shoot.nodelocaldns.ShootNodeLocalDnsEnabledByDefault;
import cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator.ShootQuotaValidatorPlugin;
import cloud.gardener.apiserver.admission.plugins.shoot.resourcereservation.ShootResourceReservation;
import cloud.gardener.apiserver.admission.plugins.shoot.tolerationrestriction.ShootTolerationRestriction;
import cloud.gardener.apiserver.admission.plugins.shoot.validator.ShootValidatorPlugin;
import cloud.gardener.apiserver.admission.plugins.shoot.vpa.ShootVpaEnabledByDefault;
import cloud.gardener.apiserver.admission.plugins.webhook.MutatingAdmissionWebhook;
import cloud.gardener.apiserver.admission.plugins.webhook.ValidatingAdmissionWebhook;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The admission plugins gardener-apiserver knows, in its recommended order (plugin/pkg/plugins.go), with
 * the default-on set and the rules of {@code --enable-admission-plugins} and
 * {@code --disable-admission-plugins}. The order is fixed: flags choose plugins, never their order.
 *
 * <p>Names whose plugin needs a kube-apiserver's webhook and policy objects or its quota controller
 * (MutatingAdmissionPolicy and ResourceQuota) are accepted so that gardener-apiserver's flags work
 * unchanged, but they have no implementation here. By default the server runs what it can (a default-on name
 * without an implementation is simply left out); {@link #unavailable} names only those a user asked for.
 */
public final class PluginRegistry {

    /**
     * One known plugin.
     *
     * @param factory null when this server has no implementation
     */
    public record Definition(String name, boolean defaultOn, PluginFactory factory) {}

    private final List<Definition> definitions;

    public PluginRegistry(List<Definition> definitions) {
        this.definitions = List.copyOf(definitions);
    }

    /** Gardener's plugins in gardener-apiserver's order. */
    public static PluginRegistry gardener() {
        return new PluginRegistry(List.of(
                new Definition(NamespaceLifecycle.NAME, true, NamespaceLifecycle::new),
                new Definition(ResourceReferenceManager.NAME, true, ResourceReferenceManager::new),
                new Definition(ExtensionValidator.NAME, true, ExtensionValidator::new),
                new Definition(ExtensionLabels.NAME, true, ExtensionLabels::new),
                new Definition(ShootTolerationRestriction.NAME, true, ShootTolerationRestriction::new),
                new Definition(ShootExposureClass.NAME, true, ShootExposureClass::new),
                new Definition(ShootDns.NAME, true, ShootDns::new),
                new Definition(ShootManagedSeed.NAME, true, ShootManagedSeed::new),
                new Definition(ShootNodeLocalDnsEnabledByDefault.NAME, false, ShootNodeLocalDnsEnabledByDefault::new),
                new Definition(ShootDnsRewriting.NAME, false, ShootDnsRewriting::new),
                new Definition(ShootQuotaValidatorPlugin.NAME, true, ShootQuotaValidatorPlugin::new),
                new Definition(ShootMutatorPlugin.NAME, true, ShootMutatorPlugin::new),
                new Definition(ShootValidatorPlugin.NAME, true, ShootValidatorPlugin::new),
                new Definition(SeedValidatorPlugin.NAME, true, SeedValidatorPlugin::new),
                new Definition(SeedMutator.NAME, true, SeedMutator::new),
                new Definition(ControllerRegistrationResources.NAME, true, ControllerRegistrationResources::new),
                new Definition(
                        NamespacedCloudProfileValidatorPlugin.NAME, true, NamespacedCloudProfileValidatorPlugin::new),
                new Definition(ProjectMutator.NAME, true, ProjectMutator::new),
                new Definition(DeletionConfirmation.NAME, true, DeletionConfirmation::new),
                new Definition(FinalizerRemoval.NAME, true, FinalizerRemoval::new),
                new Definition(CustomVerbAuthorizer.NAME, true, CustomVerbAuthorizer::new),
                new Definition(ShootVpaEnabledByDefault.NAME, true, ShootVpaEnabledByDefault::new),
                new Definition(ShootResourceReservation.NAME, true, ShootResourceReservation::new),
                new Definition(ManagedSeedPlugin.NAME, true, ManagedSeedPlugin::new),
                new Definition(ManagedSeedShoot.NAME, true, ManagedSeedShoot::new),
                new Definition(BastionPlugin.NAME, true, BastionPlugin::new),
                new Definition(BackupBucketValidatorPlugin.NAME, true, BackupBucketValidatorPlugin::new),
                // Gardener runs it as gardener-admission-controller's webhook, which ValidatingAdmissionWebhook
                // calls; built in here, it stands where that plugin would call it.
                new Definition(SeedRestriction.NAME, true, c -> new SeedRestriction(c.objects(), c.clock())),
                new Definition("MutatingAdmissionPolicy", false, null),
                new Definition(MutatingAdmissionWebhook.NAME, true, MutatingAdmissionWebhook::new),
                new Definition(ValidatingAdmissionPolicy.NAME, true, ValidatingAdmissionPolicy::new),
                new Definition(ValidatingAdmissionWebhook.NAME, true, ValidatingAdmissionWebhook::new),
                new Definition("ResourceQuota", true, null)));
    }

    /** Every known name, in order. */
    public List<String> names() {
        return definitions.stream().map(Definition::name).toList();
    }

    /** The names that would be on for these flags, in order. */
    public List<String> enabled(Collection<String> enable, Collection<String> disable) {
        validate(enable, disable);
        List<String> on = new ArrayList<>();
        for (Definition d : definitions) {
            if ((d.defaultOn() || enable.contains(d.name())) && !disable.contains(d.name())) {
                on.add(d.name());
            }
        }
        return on;
    }

    /**
     * The names explicitly enabled by {@code --enable-admission-plugins} that this server has no implementation
     * for. Default-on names without one are not listed: nobody asked for them, and a default start should not
     * warn about what it cannot change.
     */
    public List<String> unavailable(Collection<String> enable, Collection<String> disable) {
        Set<String> on = new LinkedHashSet<>(enabled(enable, disable));
        return definitions.stream()
                .filter(d -> d.factory() == null && on.contains(d.name()) && enable.contains(d.name()))
                .map(Definition::name)
                .toList();
    }

    /**
     * Builds the chain for these flags.
     *
     * @param configurations each plugin's configuration from the AdmissionConfiguration file, by name
     * @throws IllegalArgumentException for unknown or overlapping names, or a plugin's invalid configuration
     */
    public AdmissionChain chain(
            Collection<String> enable,
            Collection<String> disable,
            Map<String, JsonNode> configurations,
            PluginContext context) {
        Set<String> on = new LinkedHashSet<>(enabled(enable, disable));
        List<AdmissionPlugin> plugins = new ArrayList<>();
        for (Definition d : definitions) {
            if (d.factory() != null && on.contains(d.name())) {
                plugins.add(d.factory().create(context.withConfiguration(configurations.get(d.name()))));
            }
        }
        return new AdmissionChain(plugins);
    }

    /** The checks of k8s.io/apiserver's AdmissionOptions.Validate, with its messages. */
    private void validate(Collection<String> enable, Collection<String> disable) {
        Set<String> known = new LinkedHashSet<>(names());
        List<String> errors = new ArrayList<>();
        for (String name : enable) {
            if (!known.contains(name)) {
                errors.add("enable-admission-plugins plugin \"" + name + "\" is unknown");
            }
        }
        for (String name : disable) {
            if (!known.contains(name)) {
                errors.add("disable-admission-plugins plugin \"" + name + "\" is unknown");
            }
        }
        Set<String> overlap = new TreeSet<>(enable);
        overlap.retainAll(Set.copyOf(disable));
        if (!overlap.isEmpty()) {
            errors.add("[" + String.join(" ", overlap) + "] in enable-admission-plugins and disable-admission-plugins "
                    + "overlapped");
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
    }
}
