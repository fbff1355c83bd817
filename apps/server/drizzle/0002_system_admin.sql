CREATE TABLE "smart_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"package_name" varchar(50) NOT NULL,
	"menu_id" text DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"request_uri" varchar(1000) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"type" varchar(2) DEFAULT '1' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"time" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"request_uri" varchar(1000) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"stack_trace" text DEFAULT '' NOT NULL,
	"exception_name" varchar(255) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file_name" varchar(255) DEFAULT '' NOT NULL,
	"line_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"request_uri" varchar(1000) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"log_level" varchar(32) DEFAULT 'INFO' NOT NULL,
	"log_id" varchar(255) DEFAULT '' NOT NULL,
	"log_data" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_row_count" (
	"table_name" varchar(64) NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "smart_row_count_table_name_tenant_id_pk" PRIMARY KEY("table_name","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "smart_role_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_path" varchar(500) NOT NULL,
	"scope_type" integer NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_field" varchar(255) DEFAULT '*' NOT NULL,
	"scope_class" varchar(500) NOT NULL,
	"scope_column" varchar(255) DEFAULT '' NOT NULL,
	"scope_type" integer NOT NULL,
	"scope_value" varchar(2000) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_top_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_top_menu_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_auth_rate" (
	"bucket" varchar(200) NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "smart_auth_rate_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "smart_auth_ticket" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"secret" varchar(128) NOT NULL,
	"expires_at" timestamp (3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_user_ext" (
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"user_ext" text DEFAULT '' NOT NULL,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	CONSTRAINT "smart_user_ext_user_id_user_type_pk" PRIMARY KEY("user_id","user_type")
);
--> statement-breakpoint
CREATE TABLE "smart_user_oauth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"source" varchar(32) NOT NULL,
	"uuid" varchar(128) NOT NULL,
	"user_id" bigint,
	"username" varchar(100) DEFAULT '' NOT NULL,
	"nickname" varchar(100) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"blog" varchar(255) DEFAULT '' NOT NULL,
	"company" varchar(255) DEFAULT '' NOT NULL,
	"location" varchar(255) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"gender" varchar(16) DEFAULT '' NOT NULL,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_time" timestamp (3) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"link" varchar(1000) NOT NULL,
	"domain" varchar(500) DEFAULT '' NOT NULL,
	"name" varchar(500) DEFAULT '' NOT NULL,
	"original_name" varchar(500) NOT NULL,
	"extension" varchar(12) DEFAULT '' NOT NULL,
	"attach_size" bigint DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(255) NOT NULL,
	"category" integer NOT NULL,
	"release_time" timestamp (3) NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer NOT NULL,
	"oss_code" varchar(32) NOT NULL,
	"endpoint" varchar(255) NOT NULL,
	"access_key" varchar(255) NOT NULL,
	"secret_key" varchar(255) NOT NULL,
	"bucket_name" varchar(255) NOT NULL,
	"app_id" varchar(255) DEFAULT '' NOT NULL,
	"region" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"template_id" varchar(64) NOT NULL,
	"access_key" varchar(255) NOT NULL,
	"secret_key" varchar(255) NOT NULL,
	"region_id" varchar(255) DEFAULT '' NOT NULL,
	"sign_name" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_sms_message" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"sms_id" bigint NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"template_id" varchar(64) DEFAULT '' NOT NULL,
	"sign_name" varchar(64) DEFAULT '' NOT NULL,
	"phones" varchar(1200) NOT NULL,
	"params" varchar(2000) DEFAULT '{}' NOT NULL,
	"success" integer DEFAULT 1 NOT NULL,
	"create_user" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_tenant" ADD COLUMN "background_url" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_tenant" ADD COLUMN "package_id" bigint;--> statement-breakpoint
ALTER TABLE "smart_tenant" ADD COLUMN "datasource_id" bigint;--> statement-breakpoint
ALTER TABLE "smart_tenant" ADD COLUMN "license_key" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "smart_tenant_package_time_idx" ON "smart_tenant_package" USING btree ("create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_log_api_tenant_time_idx" ON "smart_log_api" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "smart_log_api_time_idx" ON "smart_log_api" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "smart_log_error_tenant_time_idx" ON "smart_log_error" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "smart_log_error_time_idx" ON "smart_log_error" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "smart_log_usual_tenant_time_idx" ON "smart_log_usual" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "smart_log_usual_time_idx" ON "smart_log_usual" USING btree ("create_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_role_scope_uq" ON "smart_role_scope" USING btree ("role_id","scope_category","scope_id");--> statement-breakpoint
CREATE INDEX "smart_scope_api_menu_idx" ON "smart_scope_api" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "smart_scope_data_menu_idx" ON "smart_scope_data" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "smart_top_menu_tenant_idx" ON "smart_top_menu" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_top_menu_setting_uq" ON "smart_top_menu_setting" USING btree ("top_menu_id","menu_id");--> statement-breakpoint
CREATE INDEX "smart_auth_rate_window_idx" ON "smart_auth_rate" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "smart_auth_ticket_exp_idx" ON "smart_auth_ticket" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_user_oauth_uq" ON "smart_user_oauth" USING btree ("tenant_id","source","uuid");--> statement-breakpoint
CREATE INDEX "smart_user_oauth_user_idx" ON "smart_user_oauth" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "smart_attach_tenant_time_idx" ON "smart_attach" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "smart_notice_tenant_release_idx" ON "smart_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_oss_code_uq" ON "smart_oss" USING btree ("tenant_id","oss_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_oss_active_uq" ON "smart_oss" USING btree ("tenant_id") WHERE status = 2 and is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_sms_code_uq" ON "smart_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_sms_active_uq" ON "smart_sms" USING btree ("tenant_id") WHERE status = 2 and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_sms_message_tenant_time_idx" ON "smart_sms_message" USING btree ("tenant_id","create_time");