package cloud.gardener.apiserver.storage.embedded;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sqlite.SQLiteConfig;

/**
 * One SQLite connection to the revision log and every statement the store runs on it.
 *
 * <p>The layout is kine's: one table of revisioned rows, the row id being the store-wide revision.
 * The latest row of a key is its current state (a tombstone when deleted); a read at revision R takes
 * each key's latest row with id &lt;= R; a watch from R replays the rows with id &gt; R in id order.
 * Compaction at R deletes the rows that another row of the same key supersedes at or below R, and the
 * tombstones below R, so reads at R and watches from R on still see everything they need.
 *
 * <p>Not thread-safe: each connection is confined to one thread (the writer or one reader).
 */
final class LogConnection implements AutoCloseable {

    static final String TABLE = "revision_log";
    private static final String COLUMNS =
            "id, name, created, deleted, create_revision, prev_revision, value, old_value";
    private static final String COLUMNS_R =
            "r.id, r.name, r.created, r.deleted, r.create_revision, r.prev_revision, r.value, r.old_value";
    private static final int SCHEMA_VERSION = 1;

    private static final String LATEST =
            "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE name = ? ORDER BY id DESC LIMIT 1";
    private static final String INSERT = "INSERT INTO " + TABLE + " (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    /**
     * Each key's latest row at a revision, inside [start, end), live ones only. Walking the (name, id) index
     * in key order with a correlated lookup per row lets a page stop after {@code limit} keys instead of
     * grouping the whole range first (kine's GROUP BY form costs O(range) per page).
     */
    private static final String LIVE_AT = " FROM " + TABLE + " r WHERE r.name %s ? AND r.name < ? AND r.id = ("
            + "SELECT MAX(x.id) FROM " + TABLE + " x WHERE x.name = r.name AND x.id <= ?) AND r.deleted = 0";

    private static final String RANGE_FROM =
            "SELECT " + COLUMNS_R + LIVE_AT.formatted(">=") + " ORDER BY r.name LIMIT ?";
    private static final String RANGE_AFTER =
            "SELECT " + COLUMNS_R + LIVE_AT.formatted(">") + " ORDER BY r.name LIMIT ?";
    private static final String COUNT_AFTER = "SELECT COUNT(*)" + LIVE_AT.formatted(">");
    private static final String HISTORY_OF_PREFIX = "SELECT " + COLUMNS + " FROM " + TABLE
            + " WHERE id > ? AND id <= ? AND name >= ? AND name < ? ORDER BY id LIMIT ?";
    private static final String HISTORY_OF_KEY =
            "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE id > ? AND id <= ? AND name = ? ORDER BY id LIMIT ?";
    private static final String COMPACT =
            "DELETE FROM " + TABLE + " WHERE id < ? AND (deleted = 1 OR EXISTS (" + "SELECT 1 FROM " + TABLE
                    + " n WHERE n.name = " + TABLE + ".name AND n.id > " + TABLE + ".id AND n.id <= ?))";
    private static final String READ_META = "SELECT value FROM store_meta WHERE key = ?";
    private static final String WRITE_META = "UPDATE store_meta SET value = ? WHERE key = ?";
    private static final String READ_SEQUENCE = "SELECT seq FROM sqlite_sequence WHERE name = '" + TABLE + "'";

    private final Connection connection;
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    private LogConnection(Connection connection) {
        this.connection = connection;
    }

    /**
     * Opens a connection. WAL with synchronous=FULL: every commit is fsynced before it returns, so an
     * acknowledged write survives a crash of the process or of the machine; readers never block the writer.
     */
    static LogConnection open(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(10_000);
        config.setTempStore(SQLiteConfig.TempStore.MEMORY);
        return new LogConnection(config.createConnection("jdbc:sqlite:" + file.toAbsolutePath()));
    }

    /** Creates the schema if the file is new; refuses a schema from a newer version. */
    void createSchema() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " ("
                    + "id INTEGER PRIMARY KEY AUTOINCREMENT, "
                    + "name TEXT NOT NULL, "
                    + "created INTEGER NOT NULL, "
                    + "deleted INTEGER NOT NULL, "
                    + "create_revision INTEGER NOT NULL, "
                    + "prev_revision INTEGER NOT NULL, "
                    + "value BLOB NOT NULL, "
                    + "old_value BLOB)");
            s.execute("CREATE INDEX IF NOT EXISTS " + TABLE + "_name_id ON " + TABLE + " (name, id)");
            s.execute("CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
            s.execute("INSERT OR IGNORE INTO store_meta (key, value) VALUES ('schema_version', " + SCHEMA_VERSION
                    + "), ('compacted', 0)");
        }
        long version = meta("schema_version");
        if (version > SCHEMA_VERSION) {
            throw new SQLException("the embedded store was written by a newer version (schema " + version + ")");
        }
    }

    // ---------------------------------------------------------------- transactions

    /** Starts a write transaction (takes the write lock now rather than at the first write). */
    void beginWrite() throws SQLException {
        execute("BEGIN IMMEDIATE");
    }

    /** Starts a read transaction: every statement until {@link #commit()} reads one snapshot. */
    void beginRead() throws SQLException {
        execute("BEGIN");
    }

    void commit() throws SQLException {
        execute("COMMIT");
    }

    /** Ends a transaction that failed; quiet because the original failure is what matters. */
    void rollbackQuietly() {
        try {
            execute("ROLLBACK");
        } catch (SQLException ignored) {
            // no transaction open, or the connection is broken: nothing left to undo
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }

    // ---------------------------------------------------------------- reads

    /** The latest row of {@code key} (maybe a tombstone), or null if the key never existed since compaction. */
    LogRow latest(String key) throws SQLException {
        PreparedStatement s = statement(LATEST);
        s.setString(1, key);
        try (ResultSet rs = s.executeQuery()) {
            return rs.next() ? row(rs) : null;
        }
    }

    /**
     * Up to {@code limit} live keys at {@code revision} in [start, end) (or (start, end) when
     * {@code startExclusive}), in key order.
     */
    List<LogRow> range(String start, boolean startExclusive, String end, long revision, long limit)
            throws SQLException {
        PreparedStatement s = statement(startExclusive ? RANGE_AFTER : RANGE_FROM);
        s.setString(1, start);
        s.setString(2, end);
        s.setLong(3, revision);
        s.setLong(4, limit);
        return rows(s, (int) Math.min(limit, 1024));
    }

    /** How many live keys at {@code revision} lie in (after, end). */
    long countAfter(String after, String end, long revision) throws SQLException {
        PreparedStatement s = statement(COUNT_AFTER);
        s.setString(1, after);
        s.setString(2, end);
        s.setLong(3, revision);
        try (ResultSet rs = s.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** Up to {@code limit} changes with a revision in (after, upTo] of one key, or of a prefix's keys, in order. */
    List<LogRow> history(KeyMatcher keys, long after, long upTo, int limit) throws SQLException {
        PreparedStatement s;
        if (keys.prefix()) {
            s = statement(HISTORY_OF_PREFIX);
            s.setLong(1, after);
            s.setLong(2, upTo);
            s.setString(3, keys.key());
            s.setString(4, keys.rangeEnd());
            s.setLong(5, limit);
        } else {
            s = statement(HISTORY_OF_KEY);
            s.setLong(1, after);
            s.setLong(2, upTo);
            s.setString(3, keys.key());
            s.setLong(4, limit);
        }
        return rows(s, limit);
    }

    /** The highest revision ever written (kept by SQLite even when compaction deleted that row). */
    long lastRevision() throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(READ_SEQUENCE)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    long compactedRevision() throws SQLException {
        return meta("compacted");
    }

    /** Answers if the database file is readable. */
    void ping() throws SQLException {
        meta("schema_version");
    }

    private long meta(String key) throws SQLException {
        PreparedStatement s = statement(READ_META);
        s.setString(1, key);
        try (ResultSet rs = s.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    // ---------------------------------------------------------------- writes

    void insert(LogRow row) throws SQLException {
        PreparedStatement s = statement(INSERT);
        s.setLong(1, row.revision());
        s.setString(2, row.key());
        s.setInt(3, row.created() ? 1 : 0);
        s.setInt(4, row.deleted() ? 1 : 0);
        s.setLong(5, row.createRevision());
        s.setLong(6, row.prevRevision());
        s.setBytes(7, row.value());
        s.setBytes(8, row.oldValue());
        s.executeUpdate();
    }

    /** Discards the history below {@code revision} (see the class comment); returns the rows deleted. */
    int compact(long revision) throws SQLException {
        PreparedStatement s = statement(COMPACT);
        s.setLong(1, revision);
        s.setLong(2, revision);
        int deleted = s.executeUpdate();
        PreparedStatement meta = statement(WRITE_META);
        meta.setLong(1, revision);
        meta.setString(2, "compacted");
        meta.executeUpdate();
        return deleted;
    }

    // ---------------------------------------------------------------- plumbing

    private PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement s = statements.get(sql);
        if (s == null) {
            s = connection.prepareStatement(sql);
            statements.put(sql, s);
        }
        return s;
    }

    private static List<LogRow> rows(PreparedStatement s, int expected) throws SQLException {
        List<LogRow> out = new ArrayList<>(Math.max(0, Math.min(expected, 1024)));
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(row(rs));
            }
        }
        return out;
    }

    private static LogRow row(ResultSet rs) throws SQLException {
        return new LogRow(
                rs.getLong(1),
                rs.getString(2),
                rs.getInt(3) != 0,
                rs.getInt(4) != 0,
                rs.getLong(5),
                rs.getLong(6),
                rs.getBytes(7),
                rs.getBytes(8));
    }

    @Override
    public void close() {
        for (PreparedStatement s : statements.values()) {
            try {
                s.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
        statements.clear();
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
    }
}
