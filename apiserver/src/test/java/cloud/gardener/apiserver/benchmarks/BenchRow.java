package cloud.gardener.apiserver.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A group of lines of the table that share their setup: prepared once, then measured once per round, each
 * subject (an API server, or its baseline) in turn, so that a value and its baseline always see the same minutes
 * of a shared machine.
 */
interface BenchRow {

    /** One measurement of a round: it records its values into the results. */
    interface Measurement {
        void run(Results results) throws Exception;
    }

    /** What follows every measurement, not timed (the run's etcd compacting its history). */
    interface Settle {
        void run() throws Exception;
    }

    /** What a round measures, in the order of round 0. */
    record Subject(String name, Measurement measurement) {}

    /** The name for {@code --only}. */
    String name();

    /** Creates what the subjects need (objects, fixtures, a baseline server). */
    void prepare() throws Exception;

    List<Subject> subjects(ClosedLoop load);

    /**
     * Processes of this row's own (a baseline server) whose CPU per operation is printed beside the API servers',
     * by name; known once {@link #prepare} has run.
     */
    default Map<String, Long> processes() {
        return Map.of();
    }

    List<Figure> figures();

    /**
     * One round: every subject once, in reverse order on odd rounds so neither side always goes first, each followed
     * by {@code settle}.
     */
    default void round(int round, ClosedLoop load, Results results, Settle settle) throws Exception {
        List<Subject> subjects = new ArrayList<>(subjects(load));
        if (round % 2 == 1) {
            Collections.reverse(subjects);
        }
        for (Subject subject : subjects) {
            subject.measurement().run(results);
            settle.run();
        }
    }
}
