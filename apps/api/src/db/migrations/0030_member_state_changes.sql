-- A member's state on the search's cards, kept in each instance (decision 063), is dropped when the data
-- it was read from changes, through whatever connection: every statement that changes a member's
-- enrolments, steps, cancel requests, orders, certificates, account or tokens records the member's id in
-- member_state_changes (one row per member the statement touched, with the writing transaction's id).
-- A statement that touches more than 64 members, or what every member's state reads (sessions' course
-- and activity, courses, their occupations and conditions), or any TRUNCATE, records member 0: every
-- instance drops all. Each instance reads the rows of the transactions that committed since its last read
-- (by transaction id, below the horizon of its snapshot), several times a second. Not NOTIFY: PostgreSQL
-- serialises the commits of notifying transactions, which slowed the lottery rush by a quarter and more with fsync on.
-- Statement-level triggers with transition tables: a seed or a lottery draw costs one trigger call per
-- statement, not one per row.
CREATE UNLOGGED TABLE member_state_changes (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  member_id integer NOT NULL,
  at timestamp with time zone NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
CREATE INDEX member_state_changes_xid_idx ON member_state_changes (xid);
--> statement-breakpoint
-- Records the members a statement touched: each, or member 0 past 64 (a seed, a lottery draw).
CREATE OR REPLACE FUNCTION member_state_record(members integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(members) > 64 THEN
    INSERT INTO member_state_changes (member_id) VALUES (0);
  ELSIF cardinality(members) > 0 THEN
    INSERT INTO member_state_changes (member_id) SELECT unnest(members);
  END IF;
END
$$;
--> statement-breakpoint
-- One function per way of finding the member and per number of transition tables, with static SQL (its
-- plan kept for the session): dynamic SQL, planned at every call, cost an application a quarter of its
-- database time.
CREATE OR REPLACE FUNCTION member_state_by_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_state_record(ARRAY(SELECT DISTINCT user_id FROM changed_rows WHERE user_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_state_by_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_state_record(ARRAY(
    SELECT user_id FROM changed_rows WHERE user_id IS NOT NULL
    UNION SELECT user_id FROM old_rows WHERE user_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_state_by_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_state_record(ARRAY(
    SELECT DISTINCT e.user_id FROM changed_rows r JOIN enrollments e ON e.id = r.enrollment_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_state_by_enrollment_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_state_record(ARRAY(
    SELECT e.user_id FROM (SELECT enrollment_id FROM changed_rows UNION SELECT enrollment_id FROM old_rows) r
    JOIN enrollments e ON e.id = r.enrollment_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_state_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_state_record(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_state_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_state_changes (member_id) VALUES (0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The member's own rows: a new row matters (an application, a step, an order, a certificate) except for
-- an account or a token, which nobody has kept yet; their updates are below.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('enrollments', 'user', true), ('enrollment_steps', 'enrollment', true),
      ('cancel_requests', 'enrollment', true), ('orders', 'user', true),
      ('certificates', 'user', true), ('users', 'id', false), ('auth_tokens', 'user', false)
    ) AS v(tbl, way, own_rows)
  LOOP
    IF t.own_rows THEN
      EXECUTE format('CREATE TRIGGER member_state_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION member_state_by_%s()', t.tbl, t.way);
      EXECUTE format('CREATE TRIGGER member_state_update AFTER UPDATE ON %I '
        'REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION member_state_by_%s_update()', t.tbl, t.way);
    END IF;
    EXECUTE format('CREATE TRIGGER member_state_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION member_state_by_%s()', t.tbl, t.way);
    EXECUTE format('CREATE TRIGGER member_state_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION member_state_changed_all()', t.tbl);
  END LOOP;
END
$$;
--> statement-breakpoint
-- An account or a token: only a change of what is kept of it (not a profile's other fields, nor the
-- token's last use, recorded once a minute by the instance that uses it, which updates what it keeps).
-- Row-level, as PostgreSQL allows no transition table with a WHEN; such changes come one or a few at once.
CREATE OR REPLACE FUNCTION member_state_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column naming the member.
  INSERT INTO member_state_changes (member_id)
    SELECT m::integer FROM (
      SELECT to_jsonb(OLD) ->> TG_ARGV[0] AS m UNION SELECT to_jsonb(NEW) ->> TG_ARGV[0]) AS members
    WHERE m IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_state_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.role IS DISTINCT FROM NEW.role
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.office_role IS DISTINCT FROM NEW.office_role
        OR OLD.local_holding_id IS DISTINCT FROM NEW.local_holding_id
        OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.occupation IS DISTINCT FROM NEW.occupation)
  EXECUTE FUNCTION member_state_changed_row('id');
--> statement-breakpoint
CREATE TRIGGER member_state_update AFTER UPDATE ON auth_tokens FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
        OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION member_state_changed_row('user_id');
--> statement-breakpoint
-- What every member's state reads: a session's course and activity, a course's name, its occupations and
-- conditions. The office changes them rarely; every instance drops all members' states.
CREATE TRIGGER member_state_sessions AFTER UPDATE OF course_id, is_active OR DELETE OR TRUNCATE ON trainings
  FOR EACH STATEMENT EXECUTE FUNCTION member_state_changed_all();
--> statement-breakpoint
CREATE TRIGGER member_state_courses AFTER UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION member_state_changed_all();
--> statement-breakpoint
CREATE TRIGGER member_state_occupations AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_occupations
  FOR EACH STATEMENT EXECUTE FUNCTION member_state_changed_all();
--> statement-breakpoint
CREATE TRIGGER member_state_conditions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_conditions
  FOR EACH STATEMENT EXECUTE FUNCTION member_state_changed_all();
