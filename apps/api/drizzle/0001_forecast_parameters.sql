CREATE TABLE "forecast_phases" (
	"forecast_id" text NOT NULL,
	"well_id" text NOT NULL,
	"phase" text NOT NULL,
	"forecast_type" text NOT NULL,
	"base_phase" text,
	"data_frequency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "forecast_phases_forecast_id_well_id_phase_pk" PRIMARY KEY("forecast_id","well_id","phase")
);
--> statement-breakpoint
CREATE TABLE "forecast_series" (
	"forecast_id" text NOT NULL,
	"well_id" text NOT NULL,
	"phase" text NOT NULL,
	"series" text NOT NULL,
	"segments" jsonb NOT NULL,
	"segments_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "forecast_series_forecast_id_well_id_phase_series_pk" PRIMARY KEY("forecast_id","well_id","phase","series")
);
--> statement-breakpoint
ALTER TABLE "forecast_phases" ADD CONSTRAINT "forecast_phases_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_phases" ADD CONSTRAINT "forecast_phases_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_series" ADD CONSTRAINT "forecast_series_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_series" ADD CONSTRAINT "forecast_series_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;