package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.UnaryOperator;

/**
 * An update's transform that only reads the stored object it is given (its result is a tree of its own): the store
 * hands it the decoded object itself rather than a copy made in case the transform edits it.
 */
@FunctionalInterface
public interface ReadingTransform extends UnaryOperator<ObjectNode> {}
