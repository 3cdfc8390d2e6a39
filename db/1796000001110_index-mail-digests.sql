-- Up Migration

-- Erasing a lead empties every copy of its emails' content, including a digest's copies on the
-- other alerts it carried, found by their digest_message_id (docs/product.md#erasure). Without an
-- index that lookup read the whole outbox for every erasure and every batch of the retention job
-- (docs/operations.md#retention); most messages are no digest's, so the index holds only those.
CREATE INDEX mail_messages_digest_idx ON mail_messages (digest_message_id) WHERE digest_message_id IS NOT NULL;

-- Down Migration
DROP INDEX mail_messages_digest_idx;
