package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The Go field is a pointer ({@code *string}, {@code *Struct}): null means nil and is distinct from the zero
 * value. Boxed numbers and booleans ({@code Integer}, {@code Boolean}) are pointers without this mark.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Ptr {}
