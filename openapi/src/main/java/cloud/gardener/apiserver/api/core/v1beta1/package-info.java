/** Records mirroring {@code github.com/gardener/gardener/pkg/apis/core/v1beta1}: the kinds of core.gardener.cloud/v1beta1. */
@GoPackage("github.com/gardener/gardener/pkg/apis/core/v1beta1")
package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.GoPackage;
