CREATE TABLE "directional_surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"well_id" text NOT NULL,
	"spatial_data_type" text NOT NULL,
	"measured_depth" double precision[] NOT NULL,
	"true_vertical_depth" double precision[] NOT NULL,
	"azimuth" double precision[] NOT NULL,
	"inclination" double precision[] NOT NULL,
	"deviation_ew" double precision[] NOT NULL,
	"deviation_ns" double precision[] NOT NULL,
	"latitude" double precision[] NOT NULL,
	"longitude" double precision[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "directional_surveys_points_ck" CHECK (cardinality("directional_surveys"."measured_depth") >= 1
        and cardinality("directional_surveys"."true_vertical_depth") = cardinality("directional_surveys"."measured_depth")
        and cardinality("directional_surveys"."azimuth") = cardinality("directional_surveys"."measured_depth")
        and cardinality("directional_surveys"."inclination") = cardinality("directional_surveys"."measured_depth")
        and cardinality("directional_surveys"."deviation_ew") = cardinality("directional_surveys"."measured_depth")
        and cardinality("directional_surveys"."deviation_ns") = cardinality("directional_surveys"."measured_depth")
        and cardinality("directional_surveys"."latitude") = cardinality("directional_surveys"."measured_depth")
        and cardinality("directional_surveys"."longitude") = cardinality("directional_surveys"."measured_depth"))
);
--> statement-breakpoint
ALTER TABLE "directional_surveys" ADD CONSTRAINT "directional_surveys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directional_surveys" ADD CONSTRAINT "directional_surveys_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directional_surveys_well_uq" ON "directional_surveys" USING btree ("well_id");--> statement-breakpoint
CREATE INDEX "directional_surveys_company_idx" ON "directional_surveys" USING btree ("company_id","id");