package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.endpoints.options.Timeouts;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads Go durations ({@code 5m}, {@code 1h30m}, {@code 500ms}) as kube-apiserver flags take them. */
public final class GoDurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        if ("0".equals(value)) {
            return Duration.ZERO;
        }
        try {
            return Timeouts.parseGoDuration(value);
        } catch (RuntimeException e) {
            throw new TypeConversionException("invalid duration \"" + value + "\" (examples: 30s, 5m, 1h30m)");
        }
    }
}
