package cloud.gardener.apiserver.server;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.IVersionProvider;

/** The version this server reports at {@code /version} and with {@code --version}. */
public final class ServerVersion {

    public static final String GIT_VERSION = "v1.150.0-jvm";
    public static final String MAJOR = "1";
    public static final String MINOR = "150";

    private ServerVersion() {}

    /** The {@code version.Info} document. */
    public static Map<String, String> info() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("major", MAJOR);
        info.put("minor", MINOR);
        info.put("gitVersion", GIT_VERSION);
        info.put("gitCommit", "");
        info.put("gitTreeState", "clean");
        info.put("buildDate", "");
        info.put("goVersion", "java" + Runtime.version().feature());
        info.put("compiler", "javac");
        info.put(
                "platform",
                System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT) + "/"
                        + System.getProperty("os.arch").replace("x86_64", "amd64"));
        return info;
    }

    /** picocli's {@code --version}. */
    public static final class Provider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"gardener-apiserver " + GIT_VERSION};
        }
    }
}
