-- Up Migration

-- During a burst of leads the sales team's alerts go out together, one digest email a second,
-- instead of one email per lead (docs/product.md#alert-digests). Each alert row that went out in
-- a digest is 'sent' like any other and names the digest's Message-ID here, so its lead's page can
-- say where its alert went, and anyone can find the email in a mailbox.
ALTER TABLE mail_messages ADD COLUMN digest_message_id text;

-- Down Migration
ALTER TABLE mail_messages DROP COLUMN digest_message_id;
