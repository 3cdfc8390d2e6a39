-- Up Migration

-- The team's demo schedule (docs/demo-slots.md): one, written in the hosts' IANA time zone. Its
-- weekly hours are intervals per ISO weekday (1 Monday ... 7 Sunday), several a day for a break; a
-- date override replaces its weekday's intervals, and an override with no times is a day off.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE demo_schedule (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  time_zone text NOT NULL CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  length_min integer NOT NULL CHECK (length_min BETWEEN 10 AND 240),
  buffer_before_min integer NOT NULL DEFAULT 0 CHECK (buffer_before_min BETWEEN 0 AND 240),
  buffer_after_min integer NOT NULL DEFAULT 0 CHECK (buffer_after_min BETWEEN 0 AND 240),
  min_notice_min integer NOT NULL DEFAULT 0 CHECK (min_notice_min BETWEEN 0 AND 43200),
  horizon_days integer NOT NULL CHECK (horizon_days BETWEEN 1 AND 365),
  daily_cap integer CHECK (daily_cap BETWEEN 1 AND 100),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE demo_schedule_hours (
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  starts time NOT NULL,
  ends time NOT NULL,
  CHECK (starts < ends),
  PRIMARY KEY (weekday, starts)
);

CREATE TABLE demo_schedule_overrides (
  day date NOT NULL,
  starts time,
  ends time,
  CHECK ((starts IS NULL AND ends IS NULL) OR (starts IS NOT NULL AND ends IS NOT NULL AND starts < ends))
);
CREATE UNIQUE INDEX demo_schedule_overrides_idx ON demo_schedule_overrides (day, starts) NULLS NOT DISTINCT;

-- The members who take demos.
CREATE TABLE demo_hosts (
  admin_id bigint PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A booked demo. `blocked` is its time with the schedule's buffers around it, fixed when it is
-- booked or moved; the database refuses two pending or confirmed bookings of one host whose blocked
-- times overlap (SQLSTATE 23P01), whoever writes them and however many at once.
CREATE TABLE demo_bookings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Like the other tables of a lead's follow-up, no foreign key to the lead: erasing a person
  -- cancels and removes their bookings itself (docs/demo-slots.md#bookings-and-erasure).
  lead_id bigint NOT NULL,
  host_id bigint NOT NULL REFERENCES admin_users (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  blocked tstzrange NOT NULL,
  status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  -- The invitation's identity: a move keeps the UID and raises the sequence.
  ics_uid text NOT NULL UNIQUE,
  ics_sequence integer NOT NULL DEFAULT 0 CHECK (ics_sequence >= 0),
  -- Only a hash of the prospect's link to move or cancel it; the link ends with the demo.
  manage_token_hash bytea NOT NULL UNIQUE,
  previous_starts_at timestamptz,
  cancelled_by text CHECK (cancelled_by IN ('prospect', 'staff', 'erasure')),
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (starts_at < ends_at),
  CHECK (lower(blocked) <= starts_at AND upper(blocked) >= ends_at AND NOT lower_inf(blocked) AND NOT upper_inf(blocked)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CONSTRAINT demo_bookings_no_overlap EXCLUDE USING gist (host_id WITH =, blocked WITH &&)
    WHERE (status IN ('pending', 'confirmed'))
);
-- A lead has at most one demo booked at a time.
CREATE UNIQUE INDEX demo_bookings_one_per_lead_idx ON demo_bookings (lead_id)
  WHERE status IN ('pending', 'confirmed');
-- The agenda and round robin read upcoming demos by host and time.
CREATE INDEX demo_bookings_upcoming_idx ON demo_bookings (host_id, starts_at)
  WHERE status IN ('pending', 'confirmed');

-- Down Migration
DROP TABLE demo_bookings;
DROP TABLE demo_hosts;
DROP TABLE demo_schedule_overrides;
DROP TABLE demo_schedule_hours;
DROP TABLE demo_schedule;
