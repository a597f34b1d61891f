-- Case search: one GIN index for the open lists and one for the archives (was one over all cases),
-- so a search in the open list reads only the open cases' entries and rows.
DROP INDEX "cases_search_idx";--> statement-breakpoint
CREATE INDEX "cases_search_open_idx" ON "cases" USING gin ("search") WHERE "cases"."deleted_at" IS NULL AND NOT "cases"."is_archived";--> statement-breakpoint
CREATE INDEX "cases_search_archive_idx" ON "cases" USING gin ("search") WHERE "cases"."deleted_at" IS NULL AND "cases"."is_archived";