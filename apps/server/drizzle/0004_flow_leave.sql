CREATE TABLE "smart_flow_instance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"process_definition_id" varchar(64) NOT NULL,
	"business_table" varchar(64) NOT NULL,
	"business_id" bigint NOT NULL,
	"start_user" bigint NOT NULL,
	"start_time" timestamp (3) DEFAULT now() NOT NULL,
	"end_time" timestamp (3),
	"outcome" varchar(16) DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_flow_process" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '' NOT NULL,
	"name" varchar(255) NOT NULL,
	"key" varchar(255) NOT NULL,
	"category" varchar(64) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deployment_id" varchar(64) DEFAULT '' NOT NULL,
	"resource_name" varchar(255) DEFAULT '' NOT NULL,
	"diagram_resource_name" varchar(255) DEFAULT '' NOT NULL,
	"suspension_state" integer DEFAULT 1 NOT NULL,
	"deployment_time" timestamp (3) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_flow_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_key" varchar(64) NOT NULL,
	"task_name" varchar(255) NOT NULL,
	"assignee" bigint,
	"candidate_user" bigint,
	"candidate_role" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"claim_time" timestamp (3),
	"end_time" timestamp (3),
	"comment" varchar(2000) DEFAULT '' NOT NULL,
	"pass" boolean
);
--> statement-breakpoint
CREATE TABLE "smart_process_leave" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"process_definition_id" varchar(64) NOT NULL,
	"process_instance_id" varchar(64) DEFAULT '' NOT NULL,
	"task_user" bigint NOT NULL,
	"start_time" timestamp (3) NOT NULL,
	"end_time" timestamp (3) NOT NULL,
	"reason" varchar(255) NOT NULL,
	"apply_time" timestamp (3) DEFAULT now() NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "smart_flow_instance_starter_idx" ON "smart_flow_instance" USING btree ("tenant_id","start_user");--> statement-breakpoint
CREATE INDEX "smart_flow_task_instance_idx" ON "smart_flow_task" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "smart_flow_task_open_idx" ON "smart_flow_task" USING btree ("tenant_id","assignee") WHERE end_time is null;--> statement-breakpoint
CREATE INDEX "smart_process_leave_tenant_idx" ON "smart_process_leave" USING btree ("tenant_id","create_time");