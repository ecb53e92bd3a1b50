package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.StoredObject;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A list filter stated on {@link ObjectAttributes}, so that a watch cache can answer it from the attributes
 * it keeps (and, with {@code indexField}, from a secondary index) instead of decoding every object. A store
 * without a cache uses it as the plain predicate it also is: extract, then select.
 *
 * @param extractor  the attributes of a stored object (the same function the cache was configured with)
 * @param selector   whether an object with these attributes is kept
 * @param indexField a field every kept object has with value {@code indexValue} (e.g. {@code spec.seedName}),
 *                   or null; a cache with an index on it reads only those objects
 * @param indexValue the value of {@code indexField}
 */
public record AttributeFilter(
        Function<StoredObject, ObjectAttributes> extractor,
        Predicate<ObjectAttributes> selector,
        String indexField,
        String indexValue)
        implements Predicate<StoredObject> {

    public static AttributeFilter of(
            Function<StoredObject, ObjectAttributes> extractor, Predicate<ObjectAttributes> selector) {
        return new AttributeFilter(extractor, selector, null, null);
    }

    /** This filter, telling a cache that every kept object has {@code field=value}. */
    public AttributeFilter indexedBy(String field, String value) {
        return new AttributeFilter(extractor, selector, field, value);
    }

    @Override
    public boolean test(StoredObject stored) {
        return selector.test(extractor.apply(stored));
    }
}
