CREATE TABLE "smart_dy_common" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"yd_user_id" bigint,
	"category" varchar(32) DEFAULT '' NOT NULL,
	"content" varchar(255) NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"last_used_time" timestamp (3),
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "smart_dy_common_tenant_idx" ON "smart_dy_common" USING btree ("tenant_id","yd_user_id");