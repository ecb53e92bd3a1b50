package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** {@code +structType=atomic} on a Go struct: server-side apply replaces it whole ({@code x-kubernetes-map-type}). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StructType {
    String value();
}
