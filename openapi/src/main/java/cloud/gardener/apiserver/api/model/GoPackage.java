package cloud.gardener.apiserver.api.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The Go package a record mirrors, e.g. {@code github.com/gardener/gardener/pkg/apis/core/v1beta1}; it names the
 * OpenAPI definition ({@code com.github.gardener.gardener.pkg.apis.core.v1beta1.Shoot}) and Go type errors.
 * It annotates the Java package ({@code package-info.java}) that mirrors the Go package.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PACKAGE)
public @interface GoPackage {
    String value();
}
