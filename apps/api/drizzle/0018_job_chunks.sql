CREATE TABLE "job_chunks" (
	"queue" text NOT NULL,
	"run_id" text NOT NULL,
	"chunk_no" integer NOT NULL,
	"plan" integer NOT NULL,
	"well_ids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_chunks_queue_run_id_chunk_no_pk" PRIMARY KEY("queue","run_id","chunk_no")
);
--> statement-breakpoint
CREATE INDEX "job_chunks_claim_idx" ON "job_chunks" USING btree ("queue","status","created_at");