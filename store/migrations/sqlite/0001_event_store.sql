-- Event store, personal-data payloads, credentials, sessions and the reactions
-- worker's bookkeeping (DESIGN §1, §2). UUIDs are hyphenated text, timestamps
-- integer microseconds since the Unix epoch (UTC).

-- The log. Commits are serial (one writer, BEGIN IMMEDIATE), so the rowid is
-- the global order; AUTOINCREMENT never reuses a position.
CREATE TABLE events (
    global_position INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id        TEXT    NOT NULL UNIQUE,
    stream_id       TEXT    NOT NULL,
    stream_version  INTEGER NOT NULL,
    category        TEXT    NOT NULL,
    entity_id       TEXT    NOT NULL,
    event_type      TEXT    NOT NULL,
    schema_version  INTEGER NOT NULL,
    payload         TEXT    NOT NULL,
    actor_id        TEXT,
    actor_role      TEXT,
    correlation_id  TEXT    NOT NULL,
    causation_id    TEXT,
    recorded_at     INTEGER NOT NULL,
    UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_entity ON events (category, entity_id, global_position);

-- Current version of every stream: the optimistic-concurrency check reads one row.
CREATE TABLE streams (
    stream_id TEXT    PRIMARY KEY,
    version   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE payloads (
    subject TEXT NOT NULL,
    key     TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (subject, key)
) WITHOUT ROWID;

CREATE TABLE credentials (
    account_id    TEXT PRIMARY KEY,
    role          TEXT NOT NULL,
    login_key     TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    UNIQUE (role, login_key)
);

CREATE TABLE sessions (
    session_id TEXT    PRIMARY KEY,
    account_id TEXT    NOT NULL,
    role       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);

CREATE TABLE checkpoints (
    name TEXT    PRIMARY KEY,
    tx   INTEGER NOT NULL,
    pos  INTEGER NOT NULL
);

CREATE TABLE effects (
    effect_id TEXT    PRIMARY KEY,
    done_at   INTEGER NOT NULL
);

CREATE TABLE scheduled (
    id       TEXT    PRIMARY KEY,
    due_at   INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    payload  TEXT    NOT NULL,
    fired_at INTEGER
);
CREATE INDEX scheduled_pending ON scheduled (due_at) WHERE fired_at IS NULL;
