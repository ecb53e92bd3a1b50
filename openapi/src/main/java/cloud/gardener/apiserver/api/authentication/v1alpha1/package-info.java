/**
 * Records mirroring {@code github.com/gardener/gardener/pkg/apis/authentication/v1alpha1}: the kinds of
 * authentication.gardener.cloud/v1alpha1 and every type they reach.
 */
@GoPackage("github.com/gardener/gardener/pkg/apis/authentication/v1alpha1")
package cloud.gardener.apiserver.api.authentication.v1alpha1;

import cloud.gardener.apiserver.api.model.GoPackage;
