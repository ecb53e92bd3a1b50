package cloud.gardener.apiserver.registry.lookup;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.storage.testing.OnLoop.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.SecretIndexes;
import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.registry.DeleteRequest;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObservedStorage;
import cloud.gardener.apiserver.registry.StoreReads;
import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.storage.cache.WatchCache;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The admission cache keeps no copy of its own where a watch cache holds the objects: it opens no list or watch of
 * storage for them, sees a write as soon as the watch cache has it, and decodes what it hands out from the watch
 * cache's stored bytes, once per revision. A resource without a watch cache is listed and watched by the admission
 * cache itself, as before.
 */
class ObjectCacheTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private AdmissionCacheFixture fixture;
    private ObservedStorage storage;
    private StoreReads reads;
    private ObjectCache cache;

    private void start(WatchCacheSettings settings) {
        fixture = new AdmissionCacheFixture(embeddedStore, settings);
        storage = fixture.storage;
        reads = fixture.reads;
        cache = fixture.cache;
    }

    private void sync() throws Exception {
        fixture.sync();
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    private GenericStore store(String group, String resource) {
        return fixture.store(group, resource);
    }

    private static ObjectNode project(String name) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree("{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Project\","
                + "\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"namespace\":\"garden-" + name + "\"}}");
    }

    @Test
    void readsThroughTheWatchCachesWithoutAListOrWatchOfItsOwn() throws Exception {
        start(WatchCacheSettings.defaults(true));
        GenericStore shoots = store("core.gardener.cloud", "shoots");
        await(shoots.create("dev", Fixtures.shootObject("listed"), ADMIN));
        sync();

        List<String> watched = storage.watchedPrefixes();
        List<String> listed = storage.listedPrefixes();
        assertThat(new HashSet<>(watched)).as("one watch per resource").hasSize(watched.size());
        assertThat(new HashSet<>(listed)).as("one list per resource").hasSize(listed.size());
        assertThat(watched)
                .as("only the watch caches watch storage")
                .hasSize(reads.cache().caches().size())
                .containsExactlyInAnyOrderElementsOf(
                        reads.cache().caches().stream().map(WatchCache::prefix).toList());
        assertThat(cache.sharesWatchCache(shoots.keys().all())).isTrue();
        assertThat(cache.getNow(shoots.keys().object("dev", "listed"))).isNotNull();

        // a write reaches admission through the watch cache: the same bytes, the same revision
        ObjectNode created = await(shoots.create("dev", Fixtures.shootObject("watched"), ADMIN));
        String key = shoots.keys().object("dev", "watched");
        // caught up: it holds every write completed before it was asked, this create too
        assertThat(await(cache.caughtUp(shoots.keys().collection("dev")))).isTrue();
        assertThat(cache.getNow(key)).isNotNull();
        ObjectNode seen = await(cache.get(key));
        assertThat(seen.path("metadata").path("resourceVersion").asText())
                .isEqualTo(created.path("metadata").path("resourceVersion").asText());
        assertThat(await(cache.list(shoots.keys().collection("dev"))))
                .extracting(o -> o.path("metadata").path("name").asText())
                .containsExactly("listed", "watched");
        await(shoots.delete("dev", "watched", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> cache.getNow(key) == null);

        assertThat(storage.watchedPrefixes()).as("no watch opened since").isEqualTo(watched);
        assertThat(storage.listedPrefixes()).as("no list since").isEqualTo(listed);
    }

    @Test
    void aResourceWithoutAWatchCacheIsListedAndWatchedByTheAdmissionCache() throws Exception {
        start(AdmissionCacheFixture.watchCached(false, "shoots.core.gardener.cloud"));
        GenericStore shoots = store("core.gardener.cloud", "shoots");
        GenericStore projects = store("core.gardener.cloud", "projects");
        await(shoots.create("dev", Fixtures.shootObject("listed"), ADMIN));
        sync();

        assertThat(cache.sharesWatchCache(shoots.keys().all())).isFalse();
        assertThat(cache.sharesWatchCache(projects.keys().all())).isTrue();
        assertThat(await(cache.caughtUp(shoots.keys().all())))
                .as("not known without a watch cache: consistent readers read storage")
                .isFalse();
        assertThat(await(cache.caughtUp(projects.keys().all()))).isTrue();
        assertThat(storage.watchedPrefixes())
                .as("the shoots by the admission cache, the projects by their watch cache")
                .containsOnlyOnce(shoots.keys().all(), projects.keys().all());
        assertThat(cache.getNow(shoots.keys().object("dev", "listed"))).isNotNull();

        await(shoots.create("dev", Fixtures.shootObject("watched"), ADMIN));
        await(projects.create("", project("p1"), ADMIN));
        eventually(() -> cache.getNow(shoots.keys().object("dev", "watched")) != null);
        eventually(() -> cache.getNow(projects.keys().object("", "p1")) != null);
        await(shoots.delete("dev", "listed", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> cache.getNow(shoots.keys().object("dev", "listed")) == null);
    }

    private static ObjectNode shoot(String name, String domain, String seed) {
        ObjectNode shoot = Fixtures.shootObject(name);
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.putObject("dns").put("domain", domain);
        if (seed != null) {
            spec.put("seedName", seed);
        }
        return shoot;
    }

    private List<String> candidates(GenericStore shoots, ObjectIndex index, String value) throws Exception {
        return await(cache.candidates(shoots.keys().all(), index, value)).stream()
                .map(o -> o.path("metadata").path("namespace").asText() + "/"
                        + o.path("metadata").path("name").asText())
                .toList();
    }

    private List<String> candidatesNow(GenericStore shoots, ObjectIndex index, String value) {
        try {
            return candidates(shoots, index, value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The Shoot indexes follow creates, changes (of the status' seed: a Shoot's domain is immutable) and deletes, read through a watch cache or followed on its own. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void shootIndexesFollowTheShoots(boolean watchCached) throws Exception {
        start(AdmissionCacheFixture.watchCached(watchCached, "shoots.core.gardener.cloud"));
        GenericStore shoots = store("core.gardener.cloud", "shoots");
        await(shoots.create("dev", shoot("listed", "a.example.com", null), ADMIN));
        sync();
        assertThat(cache.sharesWatchCache(shoots.keys().all())).isEqualTo(watchCached);

        assertThat(candidates(shoots, ShootIndexes.DNS_DOMAIN, "x.a.example.com"))
                .containsExactly("dev/listed");
        assertThat(candidates(shoots, ShootIndexes.SEED, "")).as("unscheduled").containsExactly("dev/listed");
        assertThat(candidates(shoots, ShootIndexes.SEED, "s1")).isEmpty();

        await(shoots.create("prod", shoot("created", "example.com", "s2"), ADMIN));
        eventually(() -> cache.getNow(shoots.keys().object("prod", "created")) != null);
        assertThat(candidates(shoots, ShootIndexes.DNS_DOMAIN, "x.a.example.com"))
                .containsExactly("dev/listed", "prod/created");
        assertThat(candidates(shoots, ShootIndexes.SEED, "s2")).containsExactly("prod/created");

        await(shoots.update(
                "dev",
                "listed",
                "status",
                o -> {
                    o.withObjectProperty("status").put("seedName", "s1");
                    return o;
                },
                ADMIN));
        eventually(() -> candidatesNow(shoots, ShootIndexes.SEED, "s1").equals(List.of("dev/listed")));

        await(shoots.delete("prod", "created", DeleteRequest.DEFAULT, ADMIN));
        // a key leaves its old terms just after the change is visible (until then a lookup may still list it)
        eventually(() -> candidatesNow(shoots, ShootIndexes.SEED, "s2").isEmpty());
        assertThat(candidates(shoots, ShootIndexes.DNS_DOMAIN, "x.a.example.com"))
                .containsExactly("dev/listed");
    }

    private static ObjectNode projectWithoutNamespace(String name) throws Exception {
        ObjectNode project = project(name);
        ((ObjectNode) project.get("spec")).remove("namespace");
        return project;
    }

    private List<String> projectsIn(GenericStore projects, String namespace) {
        try {
            return await(cache.candidates(projects.keys().all(), Projects.NAMESPACE, namespace)).stream()
                    .map(o -> o.path("metadata").path("name").asText())
                    .toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The Projects' namespace index follows creates, a namespace set later, deletes and a fresh list after the watch
     * ends, read through a watch cache or followed on its own.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theProjectNamespaceIndexFollowsTheProjects(boolean watchCached) throws Exception {
        start(AdmissionCacheFixture.watchCached(watchCached, "projects.core.gardener.cloud"));
        GenericStore projects = store("core.gardener.cloud", "projects");
        await(projects.create("", project("listed"), ADMIN));
        await(projects.create("", projectWithoutNamespace("later"), ADMIN));
        sync();
        assertThat(cache.sharesWatchCache(projects.keys().all())).isEqualTo(watchCached);

        assertThat(projectsIn(projects, "garden-listed")).containsExactly("listed");
        assertThat(projectsIn(projects, "garden-later")).as("no namespace yet").isEmpty();
        assertThat(projectsIn(projects, "")).isEmpty();

        await(projects.create("", project("created"), ADMIN));
        eventually(() -> projectsIn(projects, "garden-created").equals(List.of("created")));

        await(projects.update(
                "",
                "later",
                "",
                o -> {
                    o.withObjectProperty("spec").put("namespace", "garden-later");
                    return o;
                },
                ADMIN));
        eventually(() -> projectsIn(projects, "garden-later").equals(List.of("later")));

        await(projects.delete("", "created", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> projectsIn(projects, "garden-created").isEmpty());

        // what is written while no watch delivers reaches the index through the fresh list
        storage.expireWatches();
        await(projects.create("", project("relisted"), ADMIN));
        await(projects.delete("", "listed", DeleteRequest.DEFAULT, ADMIN));
        eventually(() -> projectsIn(projects, "garden-relisted").equals(List.of("relisted")));
        eventually(() -> projectsIn(projects, "garden-listed").isEmpty());
        assertThat(projectsIn(projects, "garden-later")).containsExactly("later");
    }

    @Test
    void withoutAnyWatchCacheEveryResourceIsFollowedOnItsOwn() throws Exception {
        start(WatchCacheSettings.disabled());
        GenericStore projects = store("core.gardener.cloud", "projects");
        sync();

        assertThat(reads.cache()).isNull();
        assertThat(cache.sharesWatchCache(projects.keys().all())).isFalse();
        assertThat(storage.watchedPrefixes()).containsOnlyOnce(projects.keys().all());
        await(projects.create("", project("p1"), ADMIN));
        eventually(() -> cache.getNow(projects.keys().object("", "p1")) != null);
    }

    @Test
    void decodesOncePerRevisionButInternalSecretsOnEveryLookup() throws Exception {
        start(WatchCacheSettings.defaults(true));
        GenericStore projects = store("core.gardener.cloud", "projects");
        GenericStore internalSecrets = store("core.gardener.cloud", "internalsecrets");
        await(projects.create("", project("p1"), ADMIN));
        ObjectNode secret = (ObjectNode) Json.MAPPER.readTree("{\"apiVersion\":\"core.gardener.cloud/v1beta1\","
                + "\"kind\":\"InternalSecret\",\"metadata\":{\"name\":\"s\"},\"data\":{\"k\":\"dmFsdWU=\"}}");
        await(internalSecrets.create("dev", secret, ADMIN));
        sync();

        String project = projects.keys().object("", "p1");
        ObjectNode first = cache.getNow(project);
        assertThat(await(cache.get(project))).isSameAs(first);
        assertThat(cache.listNow(projects.keys().collection("")))
                .singleElement()
                .isSameAs(first);

        await(projects.update(
                "",
                "p1",
                "",
                current -> {
                    current.withObjectProperty("metadata").putObject("labels").put("changed", "true");
                    return current;
                },
                ADMIN));
        eventually(() -> cache.getNow(project).path("metadata").has("labels"));
        assertThat(cache.getNow(project)
                        .path("metadata")
                        .path("labels")
                        .path("changed")
                        .asText())
                .isEqualTo("true");

        String internal = internalSecrets.keys().object("dev", "s");
        ObjectNode once = cache.getNow(internal);
        assertThat(once.path("data").path("k").asText()).isEqualTo("dmFsdWU=");
        assertThat(cache.getNow(internal)).as("decoded anew, never kept").isNotSameAs(once);
    }

    @Test
    void shootListsHandOutCompactViewsAndGetsTheWholeShoot() throws Exception {
        start(WatchCacheSettings.defaults(true));
        GenericStore shoots = store("core.gardener.cloud", "shoots");
        String key = shoots.keys().object("dev", "big");
        // as a gardenlet leaves it: a status far larger than what admission's scans read
        ObjectNode stored = Fixtures.shootObject("big");
        stored.withObjectProperty("metadata").put("namespace", "dev").put("uid", "u-1");
        stored.withObjectProperty("metadata")
                .putArray("managedFields")
                .addObject()
                .put("manager", "gardenlet");
        ObjectNode status = stored.putObject("status").put("seedName", "seed-a").put("technicalID", "shoot--dev--big");
        status.putArray("conditions")
                .addObject()
                .put("type", "APIServerAvailable")
                .put("message", "x".repeat(4096));
        await(storage.create(key, Json.MAPPER.writeValueAsString(stored).getBytes(StandardCharsets.UTF_8)));
        sync();

        List<ObjectNode> listed = await(cache.list(shoots.keys().collection("")));
        assertThat(listed).hasSize(1);
        ObjectNode view = listed.get(0);
        assertThat(view.path("metadata").path("name").asText()).isEqualTo("big");
        assertThat(view.path("metadata").path("namespace").asText()).isEqualTo("dev");
        assertThat(view.path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(view.path("spec").path("cloudProfileName").asText()).isEqualTo("aws");
        assertThat(view.path("status").path("seedName").asText()).isEqualTo("seed-a");
        assertThat(view.path("status").has("conditions")).isFalse();
        assertThat(view.path("metadata").has("managedFields")).isFalse();
        assertThat(await(cache.list(shoots.keys().collection("dev"))))
                .as("kept per revision")
                .singleElement()
                .isSameAs(view);

        ObjectNode whole = await(cache.get(key));
        assertThat(whole.path("status").path("conditions")).hasSize(1);
        assertThat(whole.path("metadata").path("resourceVersion").asText())
                .isEqualTo(view.path("metadata").path("resourceVersion").asText());
    }

    private static ObjectNode secret(String namespace, String name, String role) throws Exception {
        String labels = role == null ? "" : ",\"labels\":{\"gardener.cloud/role\":\"" + role + "\"}";
        return (ObjectNode) Json.MAPPER.readTree("{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\""
                + name + "\",\"namespace\":\"" + namespace + "\"" + labels + "},\"data\":{\"k\":\"dmFsdWU=\"}}");
    }

    /**
     * The Secrets' role index answers one namespace's Secrets of a role in key order, decoding only those (the default
     * domains of every Shoot create read them instead of the garden namespace's every Secret), read through a watch
     * cache or followed on its own.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theSecretRoleIndexFindsANamespacesSecretsOfARoleDecodingOnlyThem(boolean watchCached) throws Exception {
        start(AdmissionCacheFixture.watchCached(watchCached, "secrets"));
        GenericStore secrets = store("", "secrets");
        for (int i = 0; i < 20; i++) {
            await(secrets.create(
                    "garden", secret("garden", "other-" + i, i % 2 == 0 ? null : "internal-domain"), ADMIN));
        }
        await(secrets.create("garden", secret("garden", "b-domain", "default-domain"), ADMIN));
        await(secrets.create("garden", secret("garden", "a-domain", "default-domain"), ADMIN));
        await(secrets.create("garden-dev", secret("garden-dev", "dev-domain", "default-domain"), ADMIN));
        sync();
        assertThat(cache.sharesWatchCache(secrets.keys().all())).isEqualTo(watchCached);

        int memoizedBefore = cache.memoized();
        List<String> found =
                await(cache.candidates(secrets.keys().collection("garden"), SecretIndexes.ROLE, "default-domain"))
                        .stream()
                        .map(o -> o.path("metadata").path("name").asText())
                        .toList();
        assertThat(found).as("the garden namespace's, in key order").containsExactly("a-domain", "b-domain");
        assertThat(cache.memoized() - memoizedBefore).as("Secrets decoded").isEqualTo(2);
        assertThat(await(cache.candidates(secrets.keys().all(), SecretIndexes.ROLE, "default-domain")))
                .extracting(o -> o.path("metadata").path("name").asText())
                .as("every namespace's, in key order")
                .containsExactly("dev-domain", "a-domain", "b-domain");

        await(secrets.create("garden", secret("garden", "c-domain", "default-domain"), ADMIN));
        eventually(() -> cache.getNow(secrets.keys().object("garden", "c-domain")) != null);
        assertThat(await(cache.candidates(secrets.keys().collection("garden"), SecretIndexes.ROLE, "default-domain")))
                .extracting(o -> o.path("metadata").path("name").asText())
                .containsExactly("a-domain", "b-domain", "c-domain");
    }
}
