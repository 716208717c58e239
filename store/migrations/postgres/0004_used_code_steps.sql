-- The last time step whose one-time code (TOTP) each account used: a code is
-- accepted once, by whichever instance sees it first (docs/rules.md "Second
-- factor"). An ordinary changeable table, never events.
CREATE TABLE used_code_steps (
    key  TEXT   PRIMARY KEY,
    step BIGINT NOT NULL
);
