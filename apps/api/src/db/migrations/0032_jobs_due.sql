-- The job runner claims the first pending job due (ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED).
-- The index on (status, run_at) found every pending row due and sorted them all for the first one: in a
-- lottery rush the application mails wait by the thousand, and each claim read and sorted them
-- (1,940 rows, 2 ms a claim, in bench:apply). Only the pending rows, in the claim's order: the first
-- entry is the job to run.
DROP INDEX jobs_due_idx;
--> statement-breakpoint
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status = 'pending';
