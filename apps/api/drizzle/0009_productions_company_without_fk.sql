ALTER TABLE "daily_productions" DROP CONSTRAINT "daily_productions_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "monthly_productions" DROP CONSTRAINT "monthly_productions_company_id_companies_id_fk";
