package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A small garden: seeds seed-a and seed-b, project dev (namespace garden-dev) with shoot-a on seed-a and
 * shoot-b on seed-b, their bindings, backups, a bastion, a controller installation, a managed seed and a
 * gardenlet. Every graph resource is listed, so the graph is synced.
 */
final class GraphFixture {

    private GraphFixture() {}

    static ObjectNode json(String text) {
        return (ObjectNode) Json.readTree(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    static Graph garden() {
        Graph graph = new Graph();
        graph.replace(
                GraphResources.SEEDS,
                List.of(
                        json(
                                "{'metadata':{'name':'seed-a'},'spec':{'backup':{'credentialsRef':{'apiVersion':'v1','kind':'Secret','namespace':'garden','name':'backup-a'}}}}"),
                        json("{'metadata':{'name':'seed-b'}}")));
        graph.replace(
                GraphResources.SHOOTS,
                List.of(
                        json(
                                "{'metadata':{'namespace':'garden-dev','name':'shoot-a'},'spec':{'seedName':'seed-a',"
                                        + "'secretBindingName':'sb-a','credentialsBindingName':'cb-a',"
                                        + "'cloudProfile':{'kind':'NamespacedCloudProfile','name':'custom'},"
                                        + "'exposureClassName':'internet',"
                                        + "'kubernetes':{'kubeAPIServer':{'auditConfig':{'auditPolicy':{'configMapRef':{'name':'audit'}}}}},"
                                        + "'resources':[{'name':'r','resourceRef':{'apiVersion':'v1','kind':'Secret','name':'extra'}}]}}"),
                        json("{'metadata':{'namespace':'garden-dev','name':'shoot-b'},'spec':{'cloudProfileName':'aws',"
                                + "'secretBindingName':'sb-b'},'status':{'seedName':'seed-b'}}"),
                        json("{'metadata':{'namespace':'garden','name':'shoot-ms'},'spec':{'seedName':'seed-a'}}")));
        graph.replace(
                GraphResources.SECRET_BINDINGS,
                List.of(
                        json("{'metadata':{'namespace':'garden-dev','name':'sb-a'},'secretRef':{'name':'secret-a'}}"),
                        json(
                                "{'metadata':{'namespace':'garden-dev','name':'sb-b'},'secretRef':{'namespace':'garden-dev','name':'secret-b'}}")));
        graph.replace(
                GraphResources.CREDENTIALS_BINDINGS,
                List.of(
                        json(
                                "{'metadata':{'namespace':'garden-dev','name':'cb-a'},'credentialsRef':{'apiVersion':'security.gardener.cloud/v1alpha1','kind':'WorkloadIdentity','namespace':'garden-dev','name':'wi-a'}}")));
        graph.replace(
                GraphResources.PROJECTS,
                List.of(json("{'metadata':{'name':'dev'},'spec':{'namespace':'garden-dev'}}")));
        graph.replace(
                GraphResources.BACKUP_BUCKETS,
                List.of(
                        json(
                                "{'metadata':{'name':'bb-a'},'spec':{'seedName':'seed-a','credentialsRef':{'apiVersion':'v1','kind':'Secret','namespace':'garden','name':'bucket-creds'}}}"),
                        json("{'metadata':{'name':'bb-b'},'spec':{'seedName':'seed-b'}}")));
        graph.replace(
                GraphResources.BACKUP_ENTRIES,
                List.of(
                        json(
                                "{'metadata':{'namespace':'garden-dev','name':'be-a'},'spec':{'bucketName':'bb-a','seedName':'seed-a'}}"),
                        json(
                                "{'metadata':{'namespace':'garden-dev','name':'be-b'},'spec':{'bucketName':'bb-b','seedName':'seed-b'}}")));
        graph.replace(
                GraphResources.BASTIONS,
                List.of(
                        json("{'metadata':{'namespace':'garden-dev','name':'bastion-a'},'spec':{'seedName':'seed-a'}}"),
                        json(
                                "{'metadata':{'namespace':'garden-dev','name':'bastion-b'},'spec':{'seedName':'seed-b'}}")));
        graph.replace(
                GraphResources.CONTROLLER_INSTALLATIONS,
                List.of(
                        json(
                                "{'metadata':{'name':'ci-a'},'spec':{'registrationRef':{'name':'cr'},'deploymentRef':{'name':'cd-a'},'seedRef':{'name':'seed-a'}}}"),
                        json(
                                "{'metadata':{'name':'ci-b'},'spec':{'registrationRef':{'name':'cr'},'deploymentRef':{'name':'cd-b'},'seedRef':{'name':'seed-b'}}}")));
        graph.replace(
                GraphResources.CONTROLLER_DEPLOYMENTS,
                List.of(
                        json(
                                "{'metadata':{'name':'cd-a'},'helm':{'ociRepository':{'ref':'r','pullSecretRef':{'name':'pull'}}}}")));
        graph.replace(
                GraphResources.MANAGED_SEEDS,
                List.of(json("{'metadata':{'namespace':'garden','name':'ms-a'},'spec':{'shoot':{'name':'shoot-ms'},"
                        + "'gardenlet':{'bootstrap':'BootstrapToken','config':{'apiVersion':'gardenlet.config.gardener.cloud/v1alpha1',"
                        + "'kind':'GardenletConfiguration','seedConfig':{'spec':{}}}}}}")));
        graph.replace(
                GraphResources.NAMESPACES,
                List.of(json("{'metadata':{'name':'garden-dev','labels':{'project.gardener.cloud/name':'dev'}}}")));
        graph.replace(
                GraphResources.GARDENLETS,
                List.of(json("{'metadata':{'namespace':'garden','name':'seed-a'},'spec':{}}")));
        return graph;
    }

    static GroupResource resource(String group, String resource) {
        return new GroupResource(group, resource);
    }
}
