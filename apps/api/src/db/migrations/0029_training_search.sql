-- The session search's own table (decision 045): one row per recruitment (training_user_types), with the
-- session's columns the search filters and orders on copied beside it, so that one index range scan per
-- user type (and prefecture or course) answers both the page and the count, with no join and no sort of
-- every match. Triggers keep it in step with both tables, so the code that writes sessions and
-- recruitments (the office's catalogue, the seeds) does not know it exists.
CREATE TABLE training_search (
  tut_id integer PRIMARY KEY REFERENCES training_user_types(id) ON DELETE CASCADE,
  training_id integer NOT NULL,
  user_type_id smallint NOT NULL,
  area_id smallint NOT NULL,
  course_id integer NOT NULL,
  event_date date NOT NULL,
  event_start_time time NOT NULL,
  apply_start_date timestamp with time zone NOT NULL,
  apply_end_date timestamp with time zone NOT NULL,
  published boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX training_search_training_idx ON training_search (training_id);
--> statement-breakpoint
-- Each search index: the equality keys of one probe (or none), then the card order, then every other column
-- the search filters on or returns, so that page and count are index-only range scans (published only).
CREATE INDEX training_search_date_idx ON training_search
  (event_date, event_start_time, training_id, user_type_id, area_id, course_id, apply_start_date, apply_end_date, tut_id)
  WHERE published;
--> statement-breakpoint
CREATE INDEX training_search_type_idx ON training_search
  (user_type_id, event_date, event_start_time, training_id, area_id, course_id, apply_start_date, apply_end_date, tut_id)
  WHERE published;
--> statement-breakpoint
CREATE INDEX training_search_type_area_idx ON training_search
  (user_type_id, area_id, event_date, event_start_time, training_id, course_id, apply_start_date, apply_end_date, tut_id)
  WHERE published;
--> statement-breakpoint
CREATE INDEX training_search_type_course_idx ON training_search
  (user_type_id, course_id, event_date, event_start_time, training_id, area_id, apply_start_date, apply_end_date, tut_id)
  WHERE published;
--> statement-breakpoint
INSERT INTO training_search
  SELECT u.id, u.training_id, u.user_type_id, t.area_id, t.course_id, t.event_date, t.event_start_time,
         u.apply_start_date, u.apply_end_date, t.status = 'published'
  FROM training_user_types u JOIN trainings t ON t.id = u.training_id;
--> statement-breakpoint
-- New recruitments: one statement-level trigger per INSERT statement (a seed inserts thousands at once).
CREATE OR REPLACE FUNCTION training_search_insert_recruitments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO training_search
    SELECT u.id, u.training_id, u.user_type_id, t.area_id, t.course_id, t.event_date, t.event_start_time,
           u.apply_start_date, u.apply_end_date, t.status = 'published'
    FROM new_recruitments u JOIN trainings t ON t.id = u.training_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_search_insert AFTER INSERT ON training_user_types
  REFERENCING NEW TABLE AS new_recruitments
  FOR EACH STATEMENT EXECUTE FUNCTION training_search_insert_recruitments();
--> statement-breakpoint
-- A recruitment's window or type changed (not its places: taking a place does not touch this table).
CREATE OR REPLACE FUNCTION training_search_update_recruitment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE training_search s
    SET training_id = NEW.training_id, user_type_id = NEW.user_type_id, area_id = t.area_id,
        course_id = t.course_id, event_date = t.event_date, event_start_time = t.event_start_time,
        apply_start_date = NEW.apply_start_date, apply_end_date = NEW.apply_end_date,
        published = t.status = 'published'
    FROM trainings t
    WHERE s.tut_id = NEW.id AND t.id = NEW.training_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_search_update AFTER UPDATE OF training_id, user_type_id, apply_start_date, apply_end_date
  ON training_user_types FOR EACH ROW
  WHEN (OLD.training_id IS DISTINCT FROM NEW.training_id OR OLD.user_type_id IS DISTINCT FROM NEW.user_type_id
        OR OLD.apply_start_date IS DISTINCT FROM NEW.apply_start_date
        OR OLD.apply_end_date IS DISTINCT FROM NEW.apply_end_date)
  EXECUTE FUNCTION training_search_update_recruitment();
--> statement-breakpoint
-- A session moved (prefecture, course, date, start time) or was published or unpublished.
CREATE OR REPLACE FUNCTION training_search_update_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE training_search
    SET area_id = NEW.area_id, course_id = NEW.course_id, event_date = NEW.event_date,
        event_start_time = NEW.event_start_time, published = NEW.status = 'published'
    WHERE training_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_search_session AFTER UPDATE OF area_id, course_id, event_date, event_start_time, status
  ON trainings FOR EACH ROW
  WHEN (OLD.area_id IS DISTINCT FROM NEW.area_id OR OLD.course_id IS DISTINCT FROM NEW.course_id
        OR OLD.event_date IS DISTINCT FROM NEW.event_date OR OLD.event_start_time IS DISTINCT FROM NEW.event_start_time
        OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION training_search_update_session();
