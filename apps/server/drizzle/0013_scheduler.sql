CREATE TABLE "smart_scheduler_firing" (
	"job_id" bigint NOT NULL,
	"fire_time" timestamp (3) NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"started_at" timestamp (3) DEFAULT now() NOT NULL,
	CONSTRAINT "smart_scheduler_firing_pk" PRIMARY KEY("job_id","fire_time")
);
--> statement-breakpoint
CREATE TABLE "smart_scheduler_job" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"job_name" varchar(64) NOT NULL,
	"job_group" varchar(16) NOT NULL,
	"biz_type" varchar(32) DEFAULT '' NOT NULL,
	"biz_id" bigint,
	"invoke_target" varchar(500) NOT NULL,
	"cron_expression" varchar(64) NOT NULL,
	"misfire_policy" integer DEFAULT 3 NOT NULL,
	"concurrent" integer DEFAULT 1 NOT NULL,
	"job_status" integer DEFAULT 0 NOT NULL,
	"min_interval_sec" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"next_fire_time" timestamp (3),
	"last_fire_time" timestamp (3),
	"revision" integer DEFAULT 0 NOT NULL,
	"running_since" timestamp (3),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "smart_scheduler_firing_time_idx" ON "smart_scheduler_firing" USING btree ("fire_time");--> statement-breakpoint
CREATE INDEX "smart_scheduler_job_tenant_idx" ON "smart_scheduler_job" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "smart_scheduler_job_due_idx" ON "smart_scheduler_job" USING btree ("next_fire_time") WHERE is_deleted = 0 and job_status = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_scheduler_job_biz_uq" ON "smart_scheduler_job" USING btree ("tenant_id","biz_type","biz_id") WHERE is_deleted = 0 and biz_id is not null;