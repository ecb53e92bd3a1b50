/** Records mirroring {@code k8s.io/api/events/v1}: the Event served standalone beside core/v1's. */
@GoPackage("k8s.io/api/events/v1")
package cloud.gardener.apiserver.api.k8s.eventsv1;

import cloud.gardener.apiserver.api.model.GoPackage;
