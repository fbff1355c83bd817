CREATE TABLE "smart_yingdao_auth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"yd_user_id" bigint,
	"auth_name" varchar(64) NOT NULL,
	"api_base_url" varchar(128) NOT NULL,
	"access_key_id" varchar(64) NOT NULL,
	"access_key_secret" text NOT NULL,
	"access_token" text DEFAULT '' NOT NULL,
	"token_expire_time" timestamp (3),
	"default_account_name" varchar(64) DEFAULT '' NOT NULL,
	"default_robot_group_uuid" varchar(64) DEFAULT '' NOT NULL,
	"app_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"callback_url" varchar(256) DEFAULT '' NOT NULL,
	"callback_secret" text DEFAULT '' NOT NULL,
	"last_check_time" timestamp (3),
	"last_check_ok" integer DEFAULT -1 NOT NULL,
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
CREATE UNIQUE INDEX "smart_yingdao_auth_name_uq" ON "smart_yingdao_auth" USING btree ("tenant_id","auth_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_yingdao_auth_tenant_idx" ON "smart_yingdao_auth" USING btree ("tenant_id","create_time") WHERE is_deleted = 0;