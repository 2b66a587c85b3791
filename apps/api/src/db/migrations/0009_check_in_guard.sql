-- A certificate's issue date (start_date) can never precede its session's date (decision 022). A CHECK
-- cannot read another table, so two triggers keep the rule: one on the certificate, one on the session.
CREATE OR REPLACE FUNCTION certificates_issue_date_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.training_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM trainings t WHERE t.id = NEW.training_id AND NEW.start_date < t.event_date
  ) THEN
    RAISE EXCEPTION 'certificate % is dated % before its session''s date', NEW.certificate_number, NEW.start_date
      USING ERRCODE = 'check_violation', CONSTRAINT = 'certificates_issue_date_ck';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER certificates_issue_date_ck BEFORE INSERT OR UPDATE OF start_date, training_id ON certificates
  FOR EACH ROW EXECUTE FUNCTION certificates_issue_date_check();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trainings_certificate_date_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM certificates c WHERE c.training_id = NEW.id AND c.start_date < NEW.event_date
  ) THEN
    RAISE EXCEPTION 'session % has certificates dated before %', NEW.id, NEW.event_date
      USING ERRCODE = 'check_violation', CONSTRAINT = 'certificates_issue_date_ck';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trainings_certificate_date_ck BEFORE UPDATE OF event_date ON trainings
  FOR EACH ROW EXECUTE FUNCTION trainings_certificate_date_check();
