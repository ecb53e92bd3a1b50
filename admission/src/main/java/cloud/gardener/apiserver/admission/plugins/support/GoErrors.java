package cloud.gardener.apiserver.admission.plugins.support;

import java.util.List;

/** Error texts as Gardener's Go code composes them. */
public final class GoErrors {

    private GoErrors() {}

    /** hashicorp/go-multierror's default list format. */
    public static String multierror(List<String> errors) {
        if (errors.size() == 1) {
            return "1 error occurred:\n\t* " + errors.get(0) + "\n\n";
        }
        StringBuilder points = new StringBuilder();
        for (String e : errors) {
            if (!points.isEmpty()) {
                points.append("\n\t");
            }
            points.append("* ").append(e);
        }
        return errors.size() + " errors occurred:\n\t" + points + "\n\n";
    }
}
