/**
 * Records mirroring the types of {@code k8s.io/api/core/v1} that Gardener kinds reference, and the standalone
 * core/v1 kinds the server serves itself (Namespace, Secret, ConfigMap).
 */
@GoPackage("k8s.io/api/core/v1")
package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.GoPackage;
