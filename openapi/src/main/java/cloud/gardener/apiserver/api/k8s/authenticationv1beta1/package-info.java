/** Records mirroring {@code k8s.io/api/authentication/v1beta1}: SelfSubjectReview, still asked for by kubectl 1.27. */
@GoPackage("k8s.io/api/authentication/v1beta1")
package cloud.gardener.apiserver.api.k8s.authenticationv1beta1;

import cloud.gardener.apiserver.api.model.GoPackage;
