/** Records mirroring the types of {@code k8s.io/api/networking/v1} that Gardener kinds reference. */
@GoPackage("k8s.io/api/networking/v1")
package cloud.gardener.apiserver.api.k8s.networkingv1;

import cloud.gardener.apiserver.api.model.GoPackage;
