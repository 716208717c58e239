-- Event store, personal-data payloads, credentials, sessions and the reactions
-- worker's bookkeeping (DESIGN §1, §2).

-- The log. Positions are taken at INSERT but become visible at COMMIT, so the
-- global order is (transaction_id, global_position) and readers only pass
-- below the oldest running transaction (see postgres/read.rs).
CREATE TABLE events (
    global_position bigint      GENERATED ALWAYS AS IDENTITY,
    transaction_id  bigint      NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
    event_id        uuid        NOT NULL,
    stream_id       text        NOT NULL,
    stream_version  bigint      NOT NULL,
    category        text        NOT NULL,
    entity_id       text        NOT NULL,
    event_type      text        NOT NULL,
    schema_version  integer     NOT NULL,
    payload         text        NOT NULL,
    actor_id        uuid,
    actor_role      text,
    correlation_id  uuid        NOT NULL,
    causation_id    uuid,
    recorded_at     timestamptz NOT NULL,
    -- Doubles as the read_all index.
    CONSTRAINT events_pkey PRIMARY KEY (transaction_id, global_position),
    CONSTRAINT events_event_id_key UNIQUE (event_id),
    CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_entity ON events (category, entity_id, transaction_id, global_position);

-- Current version of every stream: appends lock one row per stream, so
-- writers to different streams never wait for each other.
CREATE TABLE streams (
    stream_id text   PRIMARY KEY,
    version   bigint NOT NULL
);

CREATE TABLE payloads (
    subject uuid NOT NULL,
    key     text NOT NULL,
    value   text NOT NULL,
    PRIMARY KEY (subject, key)
);

CREATE TABLE credentials (
    account_id    uuid PRIMARY KEY,
    role          text NOT NULL,
    login_key     text NOT NULL,
    password_hash text NOT NULL,
    CONSTRAINT credentials_role_login_key_key UNIQUE (role, login_key)
);

CREATE TABLE sessions (
    session_id uuid        PRIMARY KEY,
    account_id uuid        NOT NULL,
    role       text        NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE leases (
    name       text        PRIMARY KEY,
    holder     uuid        NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE TABLE checkpoints (
    name text   PRIMARY KEY,
    tx   bigint NOT NULL,
    pos  bigint NOT NULL
);

CREATE TABLE effects (
    effect_id uuid        PRIMARY KEY,
    done_at   timestamptz NOT NULL
);

CREATE TABLE scheduled (
    id       uuid        PRIMARY KEY,
    due_at   timestamptz NOT NULL,
    kind     text        NOT NULL,
    payload  text        NOT NULL,
    fired_at timestamptz
);
CREATE INDEX scheduled_pending ON scheduled (due_at) WHERE fired_at IS NULL;
