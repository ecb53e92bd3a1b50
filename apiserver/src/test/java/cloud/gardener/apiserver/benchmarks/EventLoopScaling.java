package cloud.gardener.apiserver.benchmarks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * With {@code --event-loops 1,2}: how a figure grows with the server's event loops, per backend, the most event
 * loops measured against the fewest in the same rounds.
 */
final class EventLoopScaling {

    private EventLoopScaling() {}

    /**
     * @param what the figure's text, e.g. {@code creates/s of 8 KiB ConfigMaps}
     * @param key  the result key of a target's value
     */
    static List<Figure> figures(List<ApiTarget> targets, String what, Function<ApiTarget, String> key) {
        List<Figure> figures = new ArrayList<>();
        for (String backend :
                targets.stream().map(ApiTarget::backend).distinct().toList()) {
            List<ApiTarget> same = targets.stream()
                    .filter(t -> t.backend().equals(backend) && t.eventLoops() > 0)
                    .sorted(Comparator.comparingInt(ApiTarget::eventLoops))
                    .toList();
            if (same.size() < 2) {
                continue;
            }
            ApiTarget fewest = same.get(0);
            ApiTarget most = same.get(same.size() - 1);
            figures.add(new Figure(
                    what + ", " + backend + ": " + most.eventLoops() + " event loops ÷ " + fewest.eventLoops(),
                    key.apply(most),
                    key.apply(fewest),
                    Figure.Unit.PER_SECOND,
                    "> 1 (at most " + most.eventLoops() / fewest.eventLoops() + ")"));
        }
        return figures;
    }
}
