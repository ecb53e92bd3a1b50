/** Records mirroring {@code k8s.io/api/rbac/v1} (only the structs Gardener's API uses). */
@GoPackage("k8s.io/api/rbac/v1")
package cloud.gardener.apiserver.api.k8s.rbacv1;

import cloud.gardener.apiserver.api.model.GoPackage;
