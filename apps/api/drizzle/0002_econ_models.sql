CREATE TABLE "econ_models" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"scope" text NOT NULL,
	"project_id" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tags" jsonb NOT NULL,
	"unique" boolean NOT NULL,
	"copied_from" text,
	"read_only" boolean DEFAULT false NOT NULL,
	"functions" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"last_updated_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "econ_models" ADD CONSTRAINT "econ_models_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "econ_models" ADD CONSTRAINT "econ_models_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "econ_models_scope_name_uq" ON "econ_models" USING btree ("company_id","scope","kind","name");--> statement-breakpoint
CREATE INDEX "econ_models_scope_idx" ON "econ_models" USING btree ("company_id","scope","kind","id");