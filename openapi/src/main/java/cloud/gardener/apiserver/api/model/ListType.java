package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** {@code +listType} and {@code +listMapKey}: how server-side apply treats a list. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface ListType {
    /** {@code atomic}, {@code set} or {@code map}. */
    String value();

    /** For {@code map}: the keys that identify an item. */
    String[] keys() default {};
}
