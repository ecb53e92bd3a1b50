/** Records mirroring {@code k8s.io/apimachinery/pkg/apis/meta/v1}: object and list metadata, selectors. */
@GoPackage("k8s.io/apimachinery/pkg/apis/meta/v1")
package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.GoPackage;
