/** Records mirroring {@code github.com/gardener/gardener/pkg/apis/core/v1}: ControllerDeployment of core.gardener.cloud/v1. */
@GoPackage("github.com/gardener/gardener/pkg/apis/core/v1")
package cloud.gardener.apiserver.api.core.v1;

import cloud.gardener.apiserver.api.model.GoPackage;
