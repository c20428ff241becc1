CREATE TABLE "company_users" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ownership_qualifiers" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"well_id" text NOT NULL,
	"qualifier_key" text NOT NULL,
	"ownership" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_resource_roles" (
	"user_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"roles" jsonb NOT NULL,
	CONSTRAINT "user_resource_roles_user_id_resource_type_resource_id_pk" PRIMARY KEY("user_id","resource_type","resource_id")
);
--> statement-breakpoint
CREATE TABLE "econ_lookup_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"configuration" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_lookup_assignments" (
	"scenario_id" text NOT NULL,
	"well_id" text NOT NULL,
	"qualifier_name" text NOT NULL,
	"lookup_table_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scenario_lookup_assignments_scenario_id_well_id_qualifier_name_pk" PRIMARY KEY("scenario_id","well_id","qualifier_name")
);
--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_qualifiers" ADD CONSTRAINT "ownership_qualifiers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_qualifiers" ADD CONSTRAINT "ownership_qualifiers_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_resource_roles" ADD CONSTRAINT "user_resource_roles_user_id_company_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."company_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "econ_lookup_tables" ADD CONSTRAINT "econ_lookup_tables_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "econ_lookup_tables" ADD CONSTRAINT "econ_lookup_tables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_lookup_assignments" ADD CONSTRAINT "scenario_lookup_assignments_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_lookup_assignments" ADD CONSTRAINT "scenario_lookup_assignments_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_lookup_assignments" ADD CONSTRAINT "scenario_lookup_assignments_lookup_table_id_econ_lookup_tables_id_fk" FOREIGN KEY ("lookup_table_id") REFERENCES "public"."econ_lookup_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_users_company_email_uq" ON "company_users" USING btree ("company_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_qualifiers_well_key_uq" ON "ownership_qualifiers" USING btree ("well_id","qualifier_key");--> statement-breakpoint
CREATE INDEX "ownership_qualifiers_company_idx" ON "ownership_qualifiers" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_name_uq" ON "tags" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "econ_lookup_tables_project_name_uq" ON "econ_lookup_tables" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "scenario_lookup_assignments_table_idx" ON "scenario_lookup_assignments" USING btree ("lookup_table_id","scenario_id");