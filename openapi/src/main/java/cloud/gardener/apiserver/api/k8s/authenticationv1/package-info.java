/** Records mirroring {@code k8s.io/api/authentication/v1}: SelfSubjectReview and the user info it reports. */
@GoPackage("k8s.io/api/authentication/v1")
package cloud.gardener.apiserver.api.k8s.authenticationv1;

import cloud.gardener.apiserver.api.model.GoPackage;
