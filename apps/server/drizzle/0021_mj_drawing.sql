ALTER TABLE "smart_mj_prompt" ADD COLUMN "mj_progress" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "mj_action" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "mj_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "mj_fail_reason" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "yd_user_id" bigint;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "power" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_mj_prompt" ADD COLUMN "mj_seen_time" timestamp (3);--> statement-breakpoint
CREATE INDEX "smart_mj_prompt_task_idx" ON "smart_mj_prompt" USING btree ("mj_task_id");