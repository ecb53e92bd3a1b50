package cloud.gardener.apiserver.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;

/**
 * A way to find the few objects of a resource a check is about without reading them all (as the indexers of
 * Gardener's informers): each object is filed under {@link #terms}, a lookup for a value reads the objects filed
 * under its {@link #queryTerms}. The objects found are a superset of those the check wants (never fewer): the check
 * tests each as it would in a scan of all.
 */
public interface ObjectIndex {

    /** Names the index among those of its resource. */
    String name();

    /** The paths of an object {@link #terms} reads (a compact view of only these is enough). */
    List<String> paths();

    /** The terms an object is filed under. */
    Set<String> terms(JsonNode object);

    /** The terms under which every object a lookup of {@code value} is about is filed. */
    Set<String> queryTerms(String value);
}
