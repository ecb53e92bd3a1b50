package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The strategic-merge-patch behaviour of a list or map field ({@code patchStrategy}, {@code patchMergeKey} tags),
 * published as {@code x-kubernetes-patch-strategy} and {@code x-kubernetes-patch-merge-key}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Patch {
    /** {@code merge}, {@code retainKeys}, {@code merge,retainKeys} or {@code replace}. */
    String strategy() default "merge";

    /** The merge key of list items; empty for lists of primitives and maps. */
    String key() default "";
}
