package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Go 1.24's {@code omitzero}: the field is left out when it holds its zero value, structs and value types
 * (e.g. a zero {@code metav1.Time}) included. Also marks the field optional in the schema.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface OmitZero {}
