package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.authentication.v1alpha1.AdminKubeconfigRequest;
import cloud.gardener.apiserver.api.authentication.v1alpha1.ViewerKubeconfigRequest;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.Scale;
import cloud.gardener.apiserver.api.k8s.metav1.DeleteOptions;
import cloud.gardener.apiserver.api.k8s.metav1.PartialObjectMetadata;
import cloud.gardener.apiserver.api.k8s.metav1.PartialObjectMetadataList;
import cloud.gardener.apiserver.api.k8s.metav1.Status;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequest;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which record is the protobuf message of a kind: the served kinds' models ({@link ResourceModels}), their lists
 * (the {@code <Kind>List} record beside the kind's), the subresource kinds, and the meta kinds that travel as
 * protobuf (Status, DeleteOptions, PartialObjectMetadata and its list). A kind has a protobuf form only where upstream
 * gives it one (gardener-operator's CRD kinds have none) and only once every record it reaches carries its field
 * numbers ({@link MessageModel#gap(Class)}).
 */
final class ProtobufKinds {

    /** Groups served from CRDs upstream: no generated.proto, so JSON and YAML only. */
    private static final Set<String> WITHOUT_PROTOBUF = Set.of(StandardResources.OPERATOR);

    private static final Set<String> META_VERSIONS = Set.of("v1", "v1beta1");

    /** Kinds whose answer {@link #numbered} keeps; far more than the server serves. */
    private static final int REMEMBERED_KINDS = 1024;

    private static final Map<GroupVersionKind, Optional<Class<?>>> NUMBERED = new ConcurrentHashMap<>();

    private static final Map<GroupVersionKind, Class<?>> SUBRESOURCE_KINDS = Map.of(
            StandardResources.ADMIN_KUBECONFIG_REQUEST, AdminKubeconfigRequest.class,
            StandardResources.VIEWER_KUBECONFIG_REQUEST, ViewerKubeconfigRequest.class,
            StandardResources.SCALE, Scale.class,
            StandardResources.TOKEN_REQUEST, TokenRequest.class);

    private ProtobufKinds() {}

    /** The record of a kind that has a protobuf form upstream, numbered or not; empty when it has none. */
    static Optional<Class<?>> model(GroupVersionKind gvk) {
        if (WITHOUT_PROTOBUF.contains(gvk.group())) {
            return Optional.empty();
        }
        String kind = gvk.kind();
        if (kind.equals("DeleteOptions")) {
            return Optional.of(DeleteOptions.class); // registered in every group version
        }
        if (kind.equals("Status") && gvk.group().isEmpty() && gvk.version().equals("v1")) {
            return Optional.of(Status.class);
        }
        if (gvk.group().equals("meta.k8s.io") && META_VERSIONS.contains(gvk.version())) {
            return switch (kind) {
                case "Status" -> Optional.of(Status.class);
                case "PartialObjectMetadata" -> Optional.of(PartialObjectMetadata.class);
                case "PartialObjectMetadataList" -> Optional.of(PartialObjectMetadataList.class);
                default -> Optional.empty();
            };
        }
        Optional<Class<?>> direct = ResourceModels.of(gvk).or(() -> Optional.ofNullable(SUBRESOURCE_KINDS.get(gvk)));
        if (direct.isPresent() || !kind.endsWith("List")) {
            return direct;
        }
        GroupVersionKind item =
                new GroupVersionKind(gvk.group(), gvk.version(), kind.substring(0, kind.length() - "List".length()));
        return ResourceModels.of(item).flatMap(ProtobufKinds::listOf);
    }

    /**
     * A kind with a complete protobuf form. Asked on every answer (content negotiation) and fixed per kind, so it is
     * worked out once per kind: the registry's kinds and their lists, a bounded few.
     */
    static Optional<Class<?>> numbered(GroupVersionKind gvk) {
        Optional<Class<?>> known = NUMBERED.get(gvk);
        if (known != null) {
            return known;
        }
        Optional<Class<?>> found = model(gvk).filter(c -> MessageModel.gap(c).isEmpty());
        if (NUMBERED.size() < REMEMBERED_KINDS) {
            NUMBERED.put(gvk, found);
        }
        return found;
    }

    private static Optional<Class<?>> listOf(Class<?> item) {
        try {
            return Optional.of(Class.forName(item.getName() + "List", false, item.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
