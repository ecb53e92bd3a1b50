package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The protobuf field number of a record component, as the Go struct's {@code protobuf:"…,N,…"} tag and the
 * group version's {@code generated.proto} give it. Field numbers are wire facts: they never follow from the
 * component's position (Go keeps the numbers of removed fields reserved). Components without a tag (the inline
 * {@code TypeMeta}) are not on the protobuf wire.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface ProtoTag {
    int value();
}
