package cloud.gardener.apiserver.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class AdmittedRecordsTest {

    private final List<String> decoded = new ArrayList<>();
    private final List<String> seen = new ArrayList<>();

    private final AdmittedRecords records = AdmittedRecords.decodedBy(this::counted);

    private <T> T counted(ObjectNode tree, Class<T> type) {
        decoded.add(tree.path("spec").path("region").asText());
        return ModelCodec.decode(tree, type).value();
    }

    private static ObjectNode shoot(String region) {
        ObjectNode shoot = JsonNodeFactory.instance.objectNode();
        shoot.putObject("metadata").put("name", "s").put("namespace", "garden-dev");
        shoot.putObject("spec").put("region", region);
        return shoot;
    }

    private Attributes attributes(Operation operation, ObjectNode object, ObjectNode old) {
        return attributes(operation, object, old, records);
    }

    private static Attributes attributes(
            Operation operation, ObjectNode object, ObjectNode old, AdmittedRecords records) {
        return new Attributes(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot"),
                new GroupResource("core.gardener.cloud", "shoots"),
                "",
                "garden-dev",
                "s",
                operation,
                object,
                old,
                UserInfo.of("alice", List.of()),
                false,
                w -> {},
                AuditAnnotations.NONE,
                records);
    }

    /** Reads the region from the record, then (when told to) moves the Shoot to another region in the tree. */
    private final class RegionPlugin implements MutatingPlugin, ValidatingPlugin {
        private final String name;
        private final String moveTo;

        RegionPlugin(String name, String moveTo) {
            this.name = name;
            this.moveTo = moveTo;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean handles(Operation operation) {
            return true;
        }

        @Override
        public Future<Mutation> admit(Attributes a) {
            seen.add("admit:" + name + ":" + a.object(Shoot.class).spec().region());
            if (moveTo != null) {
                ((ObjectNode) a.object().path("spec")).put("region", moveTo);
            }
            return Mutation.wrote(moveTo != null);
        }

        @Override
        public Future<Void> validate(Attributes a) {
            seen.add("validate:" + name + ":" + a.object(Shoot.class).spec().region() + ":"
                    + a.oldObject(Shoot.class).spec().region());
            return Future.succeededFuture();
        }
    }

    @Test
    void eachMutatingPluginReadsTheObjectAsThePluginBeforeLeftIt() {
        AdmissionChain chain = new AdmissionChain(
                List.of(new RegionPlugin("a", "us-east-1"), new RegionPlugin("b", null), new RegionPlugin("c", null)));

        assertThat(chain.admit(attributes(Operation.UPDATE, shoot("eu-west-1"), shoot("eu-west-1")))
                        .succeeded())
                .isTrue();

        assertThat(seen).containsExactly("admit:a:eu-west-1", "admit:b:us-east-1", "admit:c:us-east-1");
        // decoded again after a, which wrote; b wrote nothing, so c reads b's record
        assertThat(decoded).containsExactly("eu-west-1", "us-east-1");
    }

    @Test
    void pluginsThatWriteNothingShareOneRecordOfTheObject() {
        AdmissionChain chain = new AdmissionChain(
                List.of(new RegionPlugin("a", null), new RegionPlugin("b", null), new RegionPlugin("c", null)));

        assertThat(chain.admit(attributes(Operation.CREATE, shoot("eu-west-1"), null))
                        .succeeded())
                .isTrue();

        assertThat(seen).containsExactly("admit:a:eu-west-1", "admit:b:eu-west-1", "admit:c:eu-west-1");
        assertThat(decoded).containsExactly("eu-west-1");
    }

    @Test
    void aPluginThatAnswersLaterAndWroteMakesTheNextDecodeAgain() {
        Promise<Mutation> later = Promise.promise();
        MutatingPlugin moving = new Answering("late", a -> {
            a.object(Shoot.class);
            ((ObjectNode) a.object().path("spec")).put("region", "us-east-1");
            return later.future();
        });
        AdmissionChain chain = new AdmissionChain(List.of(moving, new RegionPlugin("b", null)));

        Future<Void> admitted = chain.admit(attributes(Operation.CREATE, shoot("eu-west-1"), null));
        later.complete(Mutation.WROTE);

        assertThat(admitted.succeeded()).isTrue();
        assertThat(seen).containsExactly("admit:b:us-east-1");
        assertThat(decoded).containsExactly("eu-west-1", "us-east-1");
    }

    @Test
    void aPluginThatCannotTellCountsAsHavingWritten() {
        MutatingPlugin silent = new Answering("silent", a -> {
            a.object(Shoot.class);
            ((ObjectNode) a.object().path("spec")).put("region", "us-east-1");
            return Future.succeededFuture();
        });
        AdmissionChain chain = new AdmissionChain(List.of(silent, new RegionPlugin("b", null)));

        assertThat(chain.admit(attributes(Operation.CREATE, shoot("eu-west-1"), null))
                        .succeeded())
                .isTrue();

        assertThat(seen).containsExactly("admit:b:us-east-1");
        assertThat(decoded).containsExactly("eu-west-1", "us-east-1");
    }

    @Test
    void theNextDecodeAfterWritesAtNamedPlacesStartsFromTheRecordBeforeThemWithAllTheirPlaces() {
        List<String> calls = new ArrayList<>();
        List<Object> bases = new ArrayList<>();
        AdmittedRecords named = AdmittedRecords.decodedBy(new AdmittedRecords.Decoder() {
            @Override
            public <T> T decode(ObjectNode tree, Class<T> type) {
                calls.add("whole:" + tree.path("spec").path("region").asText());
                return ModelCodec.decode(tree, type).value();
            }

            @Override
            public <T> T decodeWritten(ObjectNode tree, Class<T> type, T last, ModelCodec.WrittenPaths written) {
                calls.add("written:" + tree.path("spec").path("region").asText() + ":" + written);
                bases.add(last);
                return ModelCodec.decode(tree, type).value();
            }
        });
        List<Object> read = new ArrayList<>();
        MutatingPlugin moving = new Answering("moving", a -> {
            read.add(a.object(Shoot.class));
            ((ObjectNode) a.object().path("spec")).put("region", "us-east-1");
            return Mutation.at(List.of(List.of("spec", "region"))).answer();
        });
        MutatingPlugin labelling = labelling();
        MutatingPlugin reading = reading(read);
        MutatingPlugin unnamed = unnamed();
        AdmissionChain chain = new AdmissionChain(List.of(moving, labelling, reading, reading, unnamed, reading));
        ObjectNode shoot = shoot("eu-west-1");

        assertThat(chain.admit(creating(shoot, named)).succeeded()).isTrue();

        // the places of both writes since the first read, against the record of that read; a write that names no
        // place makes the next decode whole again
        assertThat(calls)
                .containsExactly(
                        "whole:eu-west-1",
                        "written:us-east-1:{spec={region=*}, metadata={labels=*}}",
                        "whole:ap-south-1");
        assertThat(bases).hasSize(1);
        assertThat(bases.get(0)).isSameAs(read.get(0));
        assertThat(((Shoot) read.get(1)).metadata().labels()).containsEntry("a", "b");
        assertThat(read).hasSize(4);
        assertThat(read.get(2)).isSameAs(read.get(1));
    }

    /** Records whose decoder logs how it was asked, for a new object written at {@code unread} before admission. */
    private static AdmittedRecords loggingSinceLatest(List<String> calls, ModelCodec.WrittenPaths unread) {
        return AdmittedRecords.decodedBy(
                new AdmittedRecords.Decoder() {
                    @Override
                    public <T> T decode(ObjectNode tree, Class<T> type) {
                        calls.add("whole:" + tree.path("spec").path("region").asText());
                        return ModelCodec.decode(tree, type).value();
                    }

                    @Override
                    public <T> T decodeWrittenSinceLatest(
                            ObjectNode tree, Class<T> type, ModelCodec.WrittenPaths written) {
                        calls.add("sinceLatest:"
                                + tree.path("spec").path("region").asText() + ":" + written);
                        return ModelCodec.decode(tree, type).value();
                    }
                },
                new RequestMemo(),
                unread);
    }

    private static Attributes creating(ObjectNode shoot, AdmittedRecords records) {
        return attributes(Operation.CREATE, shoot, null, records);
    }

    @Test
    void theFirstReadOfAnObjectWrittenAtKnownPlacesBeforeAdmissionDecodesThoseAndThePluginsPlacesBeforeIt() {
        List<String> calls = new ArrayList<>();
        ModelCodec.WrittenPaths unread = ModelCodec.WrittenPaths.of(List.of(List.of("metadata", "managedFields")));
        MutatingPlugin labelling = labelling();
        List<Object> read = new ArrayList<>();
        MutatingPlugin reading = reading(read);
        MutatingPlugin unnamed = unnamed();

        assertThat(new AdmissionChain(List.of(labelling, reading, reading, unnamed, reading))
                        .admit(creating(shoot("eu-west-1"), loggingSinceLatest(calls, unread)))
                        .succeeded())
                .isTrue();

        // the places named before admission with the label written before the first read; then as before
        assertThat(calls)
                .containsExactly("sinceLatest:eu-west-1:{metadata={managedFields=*, labels=*}}", "whole:ap-south-1");
        assertThat(((Shoot) read.get(0)).metadata().labels()).containsEntry("a", "b");
        assertThat(read.get(1)).isSameAs(read.get(0));
    }

    @Test
    void aWriteAnywhereBeforeTheFirstReadForgetsThePlacesNamedBeforeAdmission() {
        List<String> calls = new ArrayList<>();
        MutatingPlugin unnamed = unnamed();
        MutatingPlugin reading = reading(new ArrayList<>());
        AdmittedRecords records =
                loggingSinceLatest(calls, ModelCodec.WrittenPaths.of(List.of(List.of("metadata", "managedFields"))));

        assertThat(new AdmissionChain(List.of(unnamed, reading))
                        .admit(creating(shoot("eu-west-1"), records))
                        .succeeded())
                .isTrue();
        assertThat(calls).containsExactly("whole:ap-south-1");
    }

    /** Labels the Shoot and names that place. */
    private static MutatingPlugin labelling() {
        return new Answering("labelling", a -> {
            ((ObjectNode) a.object().path("metadata")).putObject("labels").put("a", "b");
            return Mutation.at(List.of(List.of("metadata", "labels"))).answer();
        });
    }

    /** Moves the Shoot to another region without naming where it wrote. */
    private static MutatingPlugin unnamed() {
        return new Answering("unnamed", a -> {
            ((ObjectNode) a.object().path("spec")).put("region", "ap-south-1");
            return Mutation.wrote();
        });
    }

    /** Reads the Shoot's record into {@code read} and writes nothing. */
    private static MutatingPlugin reading(List<Object> read) {
        return new Answering("reading", a -> {
            read.add(a.object(Shoot.class));
            return Mutation.none();
        });
    }

    /** A mutating plugin whose admit is {@code admit}. */
    private record Answering(String name, Function<Attributes, Future<Mutation>> admit) implements MutatingPlugin {

        @Override
        public boolean handles(Operation operation) {
            return true;
        }

        @Override
        public Future<Mutation> admit(Attributes a) {
            return admit.apply(a);
        }
    }

    @Test
    void validatingPluginsShareOneRecordOfTheObjectAndOneOfTheStoredObject() {
        AdmissionChain chain = new AdmissionChain(List.of(new RegionPlugin("a", null), new RegionPlugin("b", null)));
        ObjectNode object = shoot("us-east-1");
        ObjectNode old = shoot("eu-west-1");
        // what the store did between the phases, unseen by the records' memory
        Attributes validating = attributes(Operation.UPDATE, object, old);
        validating.object(Shoot.class);
        ((ObjectNode) object.path("spec")).put("region", "ap-south-1");
        decoded.clear();

        assertThat(chain.validate(validating).succeeded()).isTrue();

        assertThat(seen).containsExactly("validate:a:ap-south-1:eu-west-1", "validate:b:ap-south-1:eu-west-1");
        assertThat(decoded).containsExactly("ap-south-1", "eu-west-1");
    }

    @Test
    void anObjectThatIsNotThereHasNoRecord() {
        Attributes delete = attributes(Operation.DELETE, null, shoot("eu-west-1"));

        assertThat(delete.oldObject(Shoot.class).spec().region()).isEqualTo("eu-west-1");
        assertThatThrownBy(() -> delete.object(Shoot.class)).isInstanceOf(IllegalStateException.class);
    }
}
