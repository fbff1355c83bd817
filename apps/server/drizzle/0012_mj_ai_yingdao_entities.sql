CREATE TABLE "smart_yd_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account" varchar(45) NOT NULL,
	"password" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"email" varchar(64) DEFAULT '' NOT NULL,
	"inviter_id" bigint,
	"source" integer DEFAULT 1 NOT NULL,
	"yd_login_account" varchar(64) DEFAULT '' NOT NULL,
	"yd_user_uuid" varchar(64) DEFAULT '' NOT NULL,
	"yd_account_type" varchar(16) DEFAULT '' NOT NULL,
	"yd_expired_time" timestamp (3),
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"last_login_time" timestamp (3),
	"last_login_ip" varchar(64) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_yd_user_develop" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"yd_user_id" bigint NOT NULL,
	"invite_key" varchar(16) NOT NULL,
	"qr_code_url" varchar(512) DEFAULT '' NOT NULL,
	"parent_user_id" bigint,
	"level" integer DEFAULT 1 NOT NULL,
	"commission_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"share_link" varchar(512) DEFAULT '' NOT NULL,
	"invited_count" integer DEFAULT 0 NOT NULL,
	"paid_invited_count" integer DEFAULT 0 NOT NULL,
	"reward_power_total" bigint DEFAULT 0 NOT NULL,
	"commission_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_mj_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"app_name" varchar(64) DEFAULT '' NOT NULL,
	"app_code" varchar(64) NOT NULL,
	"link_ai_code" varchar(64) DEFAULT '' NOT NULL,
	"link_ai_token" text DEFAULT '' NOT NULL,
	"ai_config_id" bigint,
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
CREATE TABLE "smart_ai_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"config_name" varchar(64) NOT NULL,
	"platform" varchar(8) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"base_url" varchar(256) NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"model" varchar(64) NOT NULL,
	"app_code" varchar(64) DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"user_prompt_template" text DEFAULT '' NOT NULL,
	"min_length" integer DEFAULT 5 NOT NULL,
	"max_length" integer DEFAULT 20 NOT NULL,
	"temperature" numeric(3, 2) DEFAULT 0.7 NOT NULL,
	"max_tokens" integer DEFAULT 256 NOT NULL,
	"timeout_ms" integer DEFAULT 15000 NOT NULL,
	"retry_times" integer DEFAULT 2 NOT NULL,
	"power_cost" integer DEFAULT 1 NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX "smart_yd_user_account_uq" ON "smart_yd_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_yd_user_tenant_idx" ON "smart_yd_user" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_yd_user_develop_user_uq" ON "smart_yd_user_develop" USING btree ("tenant_id","yd_user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_yd_user_develop_key_uq" ON "smart_yd_user_develop" USING btree ("tenant_id","invite_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_yd_user_develop_tenant_idx" ON "smart_yd_user_develop" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_mj_app_code_uq" ON "smart_mj_app" USING btree ("tenant_id","app_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_mj_app_tenant_idx" ON "smart_mj_app" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "smart_ai_config_tenant_idx" ON "smart_ai_config" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "smart_ai_config_platform_idx" ON "smart_ai_config" USING btree ("tenant_id","platform");