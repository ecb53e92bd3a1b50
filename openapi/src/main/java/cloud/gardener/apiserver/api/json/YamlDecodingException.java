package cloud.gardener.apiserver.api.json;

import java.io.IOException;

/**
 * A YAML document that sigs.k8s.io/yaml would not turn into JSON, with go-yaml's message (for example
 * {@code yaml: line 3: mapping values are not allowed in this context} or
 * {@code yaml: document contains excessive aliasing}).
 */
public final class YamlDecodingException extends IOException {

    private static final long serialVersionUID = 1L;

    public YamlDecodingException(String message) {
        super(message);
    }
}
