package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Go's {@code omitempty}: the field is left out when it holds its zero value (false, 0, "", nil, an empty
 * slice or map). Structs are never left out, as in Go. Also marks the field optional in the schema.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface OmitEmpty {}
