/** Records mirroring {@code k8s.io/api/authorization/v1}: the access reviews this server answers standalone. */
@GoPackage("k8s.io/api/authorization/v1")
package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.GoPackage;
