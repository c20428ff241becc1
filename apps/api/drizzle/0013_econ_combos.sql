CREATE TABLE "scenario_combos" (
	"scenario_id" text NOT NULL,
	"saved_name" text NOT NULL,
	"combos" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scenario_combos_scenario_id_saved_name_pk" PRIMARY KEY("scenario_id","saved_name")
);
--> statement-breakpoint
CREATE TABLE "scenario_qualifiers" (
	"scenario_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scenario_qualifiers_scenario_id_kind_name_pk" PRIMARY KEY("scenario_id","kind","name")
);
--> statement-breakpoint
ALTER TABLE "econ_run_wells" ADD COLUMN "combo_name" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "econ_run_wells" DROP CONSTRAINT "econ_run_wells_run_id_well_id_pk";--> statement-breakpoint
ALTER TABLE "econ_run_wells" ADD CONSTRAINT "econ_run_wells_run_id_combo_name_well_id_pk" PRIMARY KEY("run_id","combo_name","well_id");--> statement-breakpoint
ALTER TABLE "econ_runs" ADD COLUMN "combos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scenario_combos" ADD CONSTRAINT "scenario_combos_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_qualifiers" ADD CONSTRAINT "scenario_qualifiers_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;