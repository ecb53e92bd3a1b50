/** Sample records for the model framework's tests, mirroring a made-up Go package. */
@GoPackage("github.com/example/sample/v1")
package cloud.gardener.apiserver.api.model.sample;

import cloud.gardener.apiserver.api.model.GoPackage;
