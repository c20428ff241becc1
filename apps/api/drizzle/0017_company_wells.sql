CREATE TABLE "custom_column_labels" (
	"company_id" text NOT NULL,
	"project_id" text,
	"collection" text NOT NULL,
	"header_name" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "custom_column_labels_uq" UNIQUE NULLS NOT DISTINCT("company_id","project_id","collection","header_name")
);
--> statement-breakpoint
CREATE TABLE "project_company_wells" (
	"project_id" text NOT NULL,
	"well_id" text NOT NULL,
	CONSTRAINT "project_company_wells_project_id_well_id_pk" PRIMARY KEY("project_id","well_id")
);
--> statement-breakpoint
CREATE TABLE "well_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"well_id" text NOT NULL,
	"project_id" text,
	"forecast_id" text,
	"text" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wells" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wells" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_column_labels" ADD CONSTRAINT "custom_column_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_column_labels" ADD CONSTRAINT "custom_column_labels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_company_wells" ADD CONSTRAINT "project_company_wells_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_company_wells" ADD CONSTRAINT "project_company_wells_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_comments" ADD CONSTRAINT "well_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_comments" ADD CONSTRAINT "well_comments_well_id_wells_id_fk" FOREIGN KEY ("well_id") REFERENCES "public"."wells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_comments" ADD CONSTRAINT "well_comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "well_comments" ADD CONSTRAINT "well_comments_forecast_id_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."forecasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_company_wells_well_idx" ON "project_company_wells" USING btree ("well_id");--> statement-breakpoint
CREATE INDEX "well_comments_company_idx" ON "well_comments" USING btree ("company_id","created_at","id");