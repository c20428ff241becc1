ALTER TABLE "vault_credentials" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "vault_credentials" ADD COLUMN "last_used_at" timestamp with time zone;