CREATE TABLE "econ_run_wells" (
	"run_id" text NOT NULL,
	"well_id" text NOT NULL,
	"well_name" text NOT NULL,
	"status" text NOT NULL,
	"one_liner" jsonb NOT NULL,
	"first_discount_npv" double precision,
	"second_discount_npv" double precision,
	"bfit" double precision,
	"irr" double precision,
	"econ_limit_date" date,
	"first_month" date,
	"months" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"monthly" "bytea" NOT NULL,
	CONSTRAINT "econ_run_wells_run_id_well_id_pk" PRIMARY KEY("run_id","well_id")
);
--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "forecast_id" text;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "qualifiers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "wells_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "wells_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "wells_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "income_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "worker_id" text;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "econ_run_wells" ADD CONSTRAINT "econ_run_wells_run_id_econ_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."econ_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "econ_runs" ADD CONSTRAINT "econ_runs_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "econ_runs_status_idx" ON "econ_runs" USING btree ("status","created_at");