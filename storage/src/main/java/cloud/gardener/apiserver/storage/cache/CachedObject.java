package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.StoredObject;

/** One object as the cache holds it: the stored bytes as they came from the store, and their attributes. */
record CachedObject(StoredObject stored, ObjectAttributes attributes) {}
