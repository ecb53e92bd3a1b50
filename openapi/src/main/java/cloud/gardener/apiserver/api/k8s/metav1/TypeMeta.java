package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

/** Inlined first into every kind: {@code kind} and {@code apiVersion}. */
@Doc("TypeMeta describes an individual object in an API response or request with strings representing the type of "
        + "the object and its API schema version.")
public record TypeMeta(
        @Doc("Kind is a string value representing the REST resource this object represents.") @ProtoTag(1) @OmitEmpty
        String kind,

        @Doc("APIVersion defines the versioned schema of this representation of an object.") @ProtoTag(2) @OmitEmpty
        String apiVersion) {}
