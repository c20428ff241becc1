CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "companies_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"version" text NOT NULL,
	"status" text NOT NULL,
	"client_id" text,
	"secret_hash" text,
	"public_key_pem" text,
	"key_id" text,
	"client_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"download_id" text NOT NULL,
	"download_expires_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone,
	"download_blob" "bytea",
	CONSTRAINT "credentials_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "credentials_key_id_unique" UNIQUE("key_id"),
	CONSTRAINT "credentials_download_id_unique" UNIQUE("download_id")
);
--> statement-breakpoint
CREATE TABLE "econ_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"scenario_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_wells" (
	"forecast_id" text NOT NULL,
	"well_id" text NOT NULL,
	CONSTRAINT "forecast_wells_forecast_id_well_id_pk" PRIMARY KEY("forecast_id","well_id")
);
--> statement-breakpoint
CREATE TABLE "forecasts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "scenario_wells" (
	"scenario_id" text NOT NULL,
	"well_id" text NOT NULL,
	CONSTRAINT "scenario_wells_scenario_id_well_id_pk" PRIMARY KEY("scenario_id","well_id")
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk" text NOT NULL,
	"public_jwk" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wells" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"project_id" text NOT NULL,
	"well_name" text NOT NULL,
	"chosen_id" text NOT NULL,
	"data_source" text NOT NULL,
	"api14" text,
	"county" text,
	"state" text,
	"first_prod_date" date,
	"perf_lateral_length" double precision,
	"lateral_length" double precision,
	"measured_depth" double precision,
	"true_vertical_depth" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD CONSTRAINT "econ_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD CONSTRAINT "econ_runs_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_wells" ADD CONSTRAINT "forecast_wells_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_wells" ADD CONSTRAINT "forecast_wells_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecasts" ADD CONSTRAINT "forecasts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_wells" ADD CONSTRAINT "scenario_wells_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_wells" ADD CONSTRAINT "scenario_wells_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wells" ADD CONSTRAINT "wells_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wells" ADD CONSTRAINT "wells_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credentials_company_idx" ON "credentials" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "econ_runs_scenario_idx" ON "econ_runs" USING btree ("scenario_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "forecasts_project_name_uq" ON "forecasts" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_name_uq" ON "projects" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "scenarios_project_name_uq" ON "scenarios" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "wells_company_chosen_uq" ON "wells" USING btree ("company_id","chosen_id","data_source");--> statement-breakpoint
CREATE INDEX "wells_project_idx" ON "wells" USING btree ("project_id","id");