CREATE TABLE "smart_grant_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"yd_user_id" bigint NOT NULL,
	"grant_type" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"before_value" numeric(14, 2) NOT NULL,
	"after_value" numeric(14, 2) NOT NULL,
	"reason" varchar(255) NOT NULL,
	"operator_id" bigint,
	"operator_name" varchar(64) DEFAULT '' NOT NULL,
	"grant_status" integer DEFAULT 1 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_report_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "smart_grant_record_tenant_idx" ON "smart_grant_record" USING btree ("tenant_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_grant_record_user_idx" ON "smart_grant_record" USING btree ("tenant_id","yd_user_id");--> statement-breakpoint
CREATE INDEX "smart_report_file_tenant_idx" ON "smart_report_file" USING btree ("tenant_id","create_time") WHERE is_deleted = 0;