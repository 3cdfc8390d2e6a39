-- Up Migration

-- A write that reaches PostgreSQL after the API gave up on it must not happen (a 503 means nothing
-- was stored, docs/operations.md#timeouts). A statement can wait in the server's socket while the
-- server is stalled and run once it resumes, after the client's timeout; the client's statement
-- timeout cannot see that wait, as it starts counting only when the statement runs. So the API
-- gives each write, and the commit of each transaction, the moment it stops waiting for it, and
-- this function refuses to go on past that moment (as a cancelled statement: query_canceled).
CREATE FUNCTION write_deadline(p_deadline timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF clock_timestamp() > p_deadline THEN
    RAISE EXCEPTION 'the write arrived after its deadline (%): the client has given up on it', p_deadline
      USING ERRCODE = 'query_canceled';
  END IF;
  RETURN true;
END $$;

-- Down Migration
DROP FUNCTION write_deadline(timestamptz);
