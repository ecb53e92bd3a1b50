package cloud.gardener.apiserver.registry.fieldmanager;

/** A manager's fields, the API version they are expressed in, and whether they came from an apply. */
record VersionedSet(FieldSet set, String apiVersion, boolean applied) {}
