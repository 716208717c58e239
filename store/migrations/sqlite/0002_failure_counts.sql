-- Failed attempts per key (sign-in throttling, docs/rules.md): an ordinary
-- changeable table shared by every instance, never events. A run of failures
-- starts at first_at; one older than the policy's window counts from 1 again.
CREATE TABLE failure_counts (
    key      TEXT    PRIMARY KEY,
    failures INTEGER NOT NULL,
    first_at INTEGER NOT NULL,
    last_at  INTEGER NOT NULL
);
CREATE INDEX failure_counts_last_at ON failure_counts (last_at);
