package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

/** Inlined first into every kind: {@code kind} and {@code apiVersion}. */
@Doc("TypeMeta describes an individual object in an API response or request with strings representing the type of "
        + "the object and its API schema version.")
public record TypeMeta(
        @Doc("Kind is a string value representing the REST resource this object represents.") @OmitEmpty String kind,
        @Doc("APIVersion defines the versioned schema of this representation of an object.") @OmitEmpty
        String apiVersion) {
}
