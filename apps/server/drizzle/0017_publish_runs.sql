CREATE TABLE "smart_dy_publish_log_group" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"task_name" varchar(64) DEFAULT '' NOT NULL,
	"arr_id" bigint,
	"robot_account" varchar(64) DEFAULT '' NOT NULL,
	"trigger_type" integer DEFAULT 1 NOT NULL,
	"job_uuid" varchar(64) DEFAULT '' NOT NULL,
	"idempotent_uuid" varchar(36) DEFAULT '' NOT NULL,
	"run_status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"yd_status" varchar(16) DEFAULT '' NOT NULL,
	"trigger_time" timestamp (3),
	"start_time" timestamp (3),
	"end_time" timestamp (3),
	"duration_sec" integer DEFAULT 0 NOT NULL,
	"planned_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"skip_count" integer DEFAULT 0 NOT NULL,
	"power_cost" integer DEFAULT 0 NOT NULL,
	"error_msg" varchar(500) DEFAULT '' NOT NULL,
	"screenshot_url" varchar(512) DEFAULT '' NOT NULL,
	"outputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"callback_received" integer DEFAULT 0 NOT NULL,
	"last_poll_time" timestamp (3),
	"poll_deadline" timestamp (3),
	"feishu_synced" integer DEFAULT 0 NOT NULL,
	"publish_id" bigint,
	"publish_task_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_xhs_publish_log_group" ADD COLUMN "publish_task_id" bigint;--> statement-breakpoint
CREATE INDEX "smart_dy_publish_log_group_task_idx" ON "smart_dy_publish_log_group" USING btree ("tenant_id","publish_task_id");--> statement-breakpoint
CREATE INDEX "smart_dy_publish_log_group_job_idx" ON "smart_dy_publish_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';--> statement-breakpoint
CREATE INDEX "smart_xhs_publish_log_group_job_idx" ON "smart_xhs_publish_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';