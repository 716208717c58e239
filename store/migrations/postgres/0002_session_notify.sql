-- Every process keeps active sessions in memory (store/src/postgres/session_cache.rs);
-- a revoked or deleted session is announced at commit so each one forgets it.
CREATE FUNCTION equilibre_session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.revoked_at IS DISTINCT FROM OLD.revoked_at
       OR NEW.expires_at IS DISTINCT FROM OLD.expires_at THEN
        PERFORM pg_notify('equilibre_sessions', OLD.session_id::text);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER sessions_changed
    AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION equilibre_session_changed();
