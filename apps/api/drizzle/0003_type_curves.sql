CREATE TABLE "lookup_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"case_insensitive_matching" boolean NOT NULL,
	"tags" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "switchovers" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "type_curve_fits" (
	"type_curve_id" text NOT NULL,
	"phase" text NOT NULL,
	"fit" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "type_curve_fits_type_curve_id_phase_pk" PRIMARY KEY("type_curve_id","phase")
);
--> statement-breakpoint
CREATE TABLE "type_curve_multipliers" (
	"type_curve_id" text NOT NULL,
	"phase" text NOT NULL,
	"well_id" text NOT NULL,
	"eur" double precision,
	"peak" double precision,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "type_curve_multipliers_type_curve_id_phase_well_id_pk" PRIMARY KEY("type_curve_id","phase","well_id")
);
--> statement-breakpoint
CREATE TABLE "type_curve_normalizations" (
	"type_curve_id" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "type_curves" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"forecast_id" text,
	"forecast_series" text,
	"wells" jsonb,
	"excluded_wells" jsonb,
	"v1_regression_type" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookup_tables" ADD CONSTRAINT "lookup_tables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_curve_fits" ADD CONSTRAINT "type_curve_fits_type_curve_id_type_curves_id_fk" FOREIGN KEY ("type_curve_id") REFERENCES "public"."type_curves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_curve_multipliers" ADD CONSTRAINT "type_curve_multipliers_type_curve_id_type_curves_id_fk" FOREIGN KEY ("type_curve_id") REFERENCES "public"."type_curves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_curve_multipliers" ADD CONSTRAINT "type_curve_multipliers_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_curve_normalizations" ADD CONSTRAINT "type_curve_normalizations_type_curve_id_type_curves_id_fk" FOREIGN KEY ("type_curve_id") REFERENCES "public"."type_curves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_curves" ADD CONSTRAINT "type_curves_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_curves" ADD CONSTRAINT "type_curves_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_tables_project_name_uq" ON "lookup_tables" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "lookup_tables_project_idx" ON "lookup_tables" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "type_curves_project_name_uq" ON "type_curves" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "type_curves_project_idx" ON "type_curves" USING btree ("project_id","id");