package cloud.gardener.apiserver.authz.seed;

/** The kinds of vertices in the seed authorization graph, as Gardener's {@code graph.VertexType}. */
public enum VertexType {
    BACKUP_BUCKET("BackupBucket"),
    BACKUP_ENTRY("BackupEntry"),
    BASTION("Bastion"),
    CERTIFICATE_SIGNING_REQUEST("CertificateSigningRequest"),
    CLOUD_PROFILE("CloudProfile"),
    NAMESPACED_CLOUD_PROFILE("NamespacedCloudProfile"),
    CLUSTER_ROLE_BINDING("ClusterRoleBinding"),
    CONFIG_MAP("ConfigMap"),
    CONTROLLER_DEPLOYMENT("ControllerDeployment"),
    CONTROLLER_INSTALLATION("ControllerInstallation"),
    CONTROLLER_REGISTRATION("ControllerRegistration"),
    CREDENTIALS_BINDING("CredentialsBinding"),
    EXPOSURE_CLASS("ExposureClass"),
    GARDENLET("Gardenlet"),
    INTERNAL_SECRET("InternalSecret"),
    LEASE("Lease"),
    MANAGED_SEED("ManagedSeed"),
    NAMESPACE("Namespace"),
    PROJECT("Project"),
    SECRET("Secret"),
    SECRET_BINDING("SecretBinding"),
    SEED("Seed"),
    SERVICE_ACCOUNT("ServiceAccount"),
    SHOOT("Shoot"),
    SHOOT_STATE("ShootState"),
    WORKLOAD_IDENTITY("WorkloadIdentity");

    private final String kind;

    VertexType(String kind) {
        this.kind = kind;
    }

    public String kind() {
        return kind;
    }
}
