-- A cancelled session (trainings.is_active false) recruits no one: the search lists it with the closed
-- recruitments (after the open and the upcoming ones) and never among "募集中のみ". training_search keeps
-- the session's activity beside its other filter columns, and each index carries it, so that the page
-- and the count stay index-only range scans.
ALTER TABLE training_search ADD COLUMN active boolean NOT NULL DEFAULT true;
--> statement-breakpoint
UPDATE training_search s SET active = false FROM trainings t WHERE t.id = s.training_id AND NOT t.is_active;
--> statement-breakpoint
DROP INDEX training_search_date_idx;
--> statement-breakpoint
CREATE INDEX training_search_date_idx ON training_search
  (event_date, event_start_time, training_id, user_type_id, area_id, course_id, apply_start_date, apply_end_date, tut_id, active)
  WHERE published;
--> statement-breakpoint
DROP INDEX training_search_type_idx;
--> statement-breakpoint
CREATE INDEX training_search_type_idx ON training_search
  (user_type_id, event_date, event_start_time, training_id, area_id, course_id, apply_start_date, apply_end_date, tut_id, active)
  WHERE published;
--> statement-breakpoint
DROP INDEX training_search_type_area_idx;
--> statement-breakpoint
CREATE INDEX training_search_type_area_idx ON training_search
  (user_type_id, area_id, event_date, event_start_time, training_id, course_id, apply_start_date, apply_end_date, tut_id, active)
  WHERE published;
--> statement-breakpoint
DROP INDEX training_search_type_course_idx;
--> statement-breakpoint
CREATE INDEX training_search_type_course_idx ON training_search
  (user_type_id, course_id, event_date, event_start_time, training_id, area_id, apply_start_date, apply_end_date, tut_id, active)
  WHERE published;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_search_insert_recruitments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO training_search (tut_id, training_id, user_type_id, area_id, course_id, event_date, event_start_time,
      apply_start_date, apply_end_date, published, active)
    SELECT u.id, u.training_id, u.user_type_id, t.area_id, t.course_id, t.event_date, t.event_start_time,
           u.apply_start_date, u.apply_end_date, t.status = 'published', t.is_active
    FROM new_recruitments u JOIN trainings t ON t.id = u.training_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_search_update_recruitment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE training_search s
    SET training_id = NEW.training_id, user_type_id = NEW.user_type_id, area_id = t.area_id,
        course_id = t.course_id, event_date = t.event_date, event_start_time = t.event_start_time,
        apply_start_date = NEW.apply_start_date, apply_end_date = NEW.apply_end_date,
        published = t.status = 'published', active = t.is_active
    FROM trainings t
    WHERE s.tut_id = NEW.id AND t.id = NEW.training_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_search_update_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE training_search
    SET area_id = NEW.area_id, course_id = NEW.course_id, event_date = NEW.event_date,
        event_start_time = NEW.event_start_time, published = NEW.status = 'published', active = NEW.is_active
    WHERE training_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER training_search_session ON trainings;
--> statement-breakpoint
CREATE TRIGGER training_search_session AFTER UPDATE OF area_id, course_id, event_date, event_start_time, status, is_active
  ON trainings FOR EACH ROW
  WHEN (OLD.area_id IS DISTINCT FROM NEW.area_id OR OLD.course_id IS DISTINCT FROM NEW.course_id
        OR OLD.event_date IS DISTINCT FROM NEW.event_date OR OLD.event_start_time IS DISTINCT FROM NEW.event_start_time
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION training_search_update_session();
