CREATE TABLE "daily_productions" (
	"well_id" text NOT NULL,
	"company_id" text NOT NULL,
	"date" date NOT NULL,
	"oil" double precision,
	"gas" double precision,
	"water" double precision,
	"ngl" double precision,
	"gas_injection" double precision,
	"water_injection" double precision,
	"co2_injection" double precision,
	"steam_injection" double precision,
	"choke" double precision,
	"operational_tag" text,
	"custom" jsonb,
	"hours_on" double precision,
	"bottom_hole_pressure" double precision,
	"casing_head_pressure" double precision,
	"tubing_head_pressure" double precision,
	"flowline_pressure" double precision,
	"gas_lift_injection_pressure" double precision,
	"vessel_separator_pressure" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_productions_pk" PRIMARY KEY("well_id","date")
);
--> statement-breakpoint
CREATE TABLE "monthly_productions" (
	"well_id" text NOT NULL,
	"company_id" text NOT NULL,
	"date" date NOT NULL,
	"oil" double precision,
	"gas" double precision,
	"water" double precision,
	"ngl" double precision,
	"gas_injection" double precision,
	"water_injection" double precision,
	"co2_injection" double precision,
	"steam_injection" double precision,
	"choke" double precision,
	"operational_tag" text,
	"custom" jsonb,
	"days_on" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monthly_productions_pk" PRIMARY KEY("well_id","date")
);
--> statement-breakpoint
ALTER TABLE "daily_productions" ADD CONSTRAINT "daily_productions_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_productions" ADD CONSTRAINT "daily_productions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_productions" ADD CONSTRAINT "monthly_productions_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_productions" ADD CONSTRAINT "monthly_productions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_productions_company_idx" ON "daily_productions" USING btree ("company_id","well_id","date");--> statement-breakpoint
CREATE INDEX "monthly_productions_company_idx" ON "monthly_productions" USING btree ("company_id","well_id","date");