/**
 * Records mirroring {@code github.com/gardener/gardener/pkg/apis/seedmanagement/v1alpha1}: the kinds of
 * seedmanagement.gardener.cloud/v1alpha1 and every type they reach.
 */
@GoPackage("github.com/gardener/gardener/pkg/apis/seedmanagement/v1alpha1")
package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.GoPackage;
