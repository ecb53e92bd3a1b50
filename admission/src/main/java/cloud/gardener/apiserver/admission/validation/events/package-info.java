/** Validation of core/v1 and events.k8s.io/v1 Events, as kube-apiserver's {@code pkg/apis/core/validation/events.go}. */
package cloud.gardener.apiserver.admission.validation.events;
