CREATE TABLE "econ_monthly_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "econ_run_wells" ADD COLUMN "id" text GENERATED ALWAYS AS (substr(md5(run_id || '/' || combo_name || '/' || well_id), 1, 24)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_monthly_exports" ADD CONSTRAINT "econ_monthly_exports_run_id_econ_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."econ_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "econ_monthly_exports_run_idx" ON "econ_monthly_exports" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "econ_run_wells_id_idx" ON "econ_run_wells" USING btree ("run_id","id");