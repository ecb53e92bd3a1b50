/**
 * Records mirroring {@code github.com/gardener/gardener/pkg/apis/operations/v1alpha1}: the kinds of
 * operations.gardener.cloud/v1alpha1 and every type they reach.
 */
@GoPackage("github.com/gardener/gardener/pkg/apis/operations/v1alpha1")
package cloud.gardener.apiserver.api.operations.v1alpha1;

import cloud.gardener.apiserver.api.model.GoPackage;
