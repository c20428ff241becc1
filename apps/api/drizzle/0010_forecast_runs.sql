CREATE TABLE "forecast_configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_run_wells" (
	"run_id" text NOT NULL,
	"well_id" text NOT NULL,
	"well_name" text NOT NULL,
	"status" text NOT NULL,
	"phases" jsonb NOT NULL,
	CONSTRAINT "forecast_run_wells_run_id_well_id_pk" PRIMARY KEY("run_id","well_id")
);
--> statement-breakpoint
CREATE TABLE "forecast_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"forecast_id" text NOT NULL,
	"configuration_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"settings" jsonb NOT NULL,
	"well_ids" jsonb NOT NULL,
	"wells_total" integer DEFAULT 0 NOT NULL,
	"wells_done" integer DEFAULT 0 NOT NULL,
	"wells_fitted" integer DEFAULT 0 NOT NULL,
	"wells_skipped" integer DEFAULT 0 NOT NULL,
	"wells_failed" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forecast_configurations" ADD CONSTRAINT "forecast_configurations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_run_wells" ADD CONSTRAINT "forecast_run_wells_run_id_forecast_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."forecast_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD CONSTRAINT "forecast_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD CONSTRAINT "forecast_runs_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD CONSTRAINT "forecast_runs_configuration_id_forecast_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."forecast_configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_configurations_name_idx" ON "forecast_configurations" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "forecast_runs_forecast_idx" ON "forecast_runs" USING btree ("forecast_id","id");--> statement-breakpoint
CREATE INDEX "forecast_runs_status_idx" ON "forecast_runs" USING btree ("status","created_at");