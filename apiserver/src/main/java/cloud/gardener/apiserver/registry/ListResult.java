package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One page of a list.
 *
 * @param items              the objects, with resourceVersion set
 * @param revision           the revision the page was read at
 * @param continueKey        the key (relative to the collection root) to continue from, or null at the end
 * @param remainingItemCount how many objects follow, when known
 */
public record ListResult(List<ObjectNode> items, long revision, String continueKey, Long remainingItemCount) {}
