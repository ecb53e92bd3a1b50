package cloud.gardener.apiserver.registry.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.GroupResource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class DerivedValuesTest {

    private static final GroupResource REGISTRATIONS =
            new GroupResource("core.gardener.cloud", "controllerregistrations");

    /** A new value per call, so that a kept one shows as the same object. */
    private static final Function<List<Registration>, List<Registration>> COPY = ArrayList::new;

    private record Registration(String name) {}

    @Test
    void theSameRecordsGetTheKeptValueOtherRecordsOrDerivationsANewOne() {
        DerivedValues derived = new DerivedValues();
        DerivedValues.Key key = new DerivedValues.Key(COPY, REGISTRATIONS, "");
        List<Registration> records = List.of(new Registration("a"), new Registration("b"));

        List<Registration> first = derived.of(key, records, COPY);

        assertThat(derived.of(new DerivedValues.Key(COPY, REGISTRATIONS, ""), List.copyOf(records), COPY))
                .isSameAs(first);
        List<Registration> equalRecords = List.of(new Registration("a"), new Registration("b"));
        List<Registration> rebuilt = derived.of(key, equalRecords, COPY);
        assertThat(rebuilt)
                .as("equal but other records: built anew")
                .isNotSameAs(first)
                .isEqualTo(first);
        assertThat(derived.of(key, equalRecords.subList(0, 1), COPY)).containsExactly(new Registration("a"));

        Function<List<Registration>, List<Registration>> other = ArrayList::new;
        assertThat(derived.of(new DerivedValues.Key(other, REGISTRATIONS, ""), records, other))
                .isNotSameAs(first);
        assertThat(derived.of(new DerivedValues.Key(COPY, REGISTRATIONS, "garden"), records, COPY))
                .isNotSameAs(first);
    }

    @Test
    void everyLookupKeepsItsOwn() {
        DerivedValues one = new DerivedValues();
        DerivedValues two = new DerivedValues();
        DerivedValues.Key key = new DerivedValues.Key(COPY, REGISTRATIONS, "");
        List<Registration> records = List.of(new Registration("a"));

        assertThat(two.of(key, records, COPY)).isNotSameAs(one.of(key, records, COPY));
    }
}
