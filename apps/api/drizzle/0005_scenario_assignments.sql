CREATE TABLE "scenario_assignments" (
	"scenario_id" text NOT NULL,
	"well_id" text NOT NULL,
	"kind" text NOT NULL,
	"qualifier_name" text NOT NULL,
	"econ_model_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scenario_assignments_scenario_id_well_id_kind_qualifier_name_pk" PRIMARY KEY("scenario_id","well_id","kind","qualifier_name")
);
--> statement-breakpoint
ALTER TABLE "scenario_assignments" ADD CONSTRAINT "scenario_assignments_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_assignments" ADD CONSTRAINT "scenario_assignments_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_assignments" ADD CONSTRAINT "scenario_assignments_econ_model_id_econ_models_id_fk" FOREIGN KEY ("econ_model_id") REFERENCES "public"."econ_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scenario_assignments_model_idx" ON "scenario_assignments" USING btree ("econ_model_id","scenario_id","qualifier_name");