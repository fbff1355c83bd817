CREATE TABLE "smart_feishu_export_claim" (
	"source" varchar(32) NOT NULL,
	"log_id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"batch_id" varchar(36) NOT NULL,
	"state" varchar(8) NOT NULL,
	"spreadsheet_token" varchar(64) NOT NULL,
	"sheet_id" varchar(64) NOT NULL,
	"claimed_at" timestamp (3) NOT NULL,
	CONSTRAINT "smart_feishu_export_claim_pk" PRIMARY KEY("source","log_id")
);
--> statement-breakpoint
CREATE INDEX "smart_feishu_export_claim_batch_idx" ON "smart_feishu_export_claim" USING btree ("batch_id");