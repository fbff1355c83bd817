CREATE TABLE "smart_code" (
	"id" bigint PRIMARY KEY NOT NULL,
	"datasource_id" bigint NOT NULL,
	"service_name" varchar(64) NOT NULL,
	"code_name" varchar(64) NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"table_prefix" varchar(64) DEFAULT '' NOT NULL,
	"pk_name" varchar(32) NOT NULL,
	"package_name" varchar(500) NOT NULL,
	"base_mode" integer NOT NULL,
	"wrap_mode" integer NOT NULL,
	"api_path" varchar(2000) DEFAULT '' NOT NULL,
	"web_path" varchar(2000) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_datasource" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"driver_class" varchar(255) NOT NULL,
	"url" varchar(500) NOT NULL,
	"username" varchar(255) NOT NULL,
	"password" varchar(255) NOT NULL,
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
CREATE INDEX "smart_code_datasource_idx" ON "smart_code" USING btree ("datasource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_datasource_name_uq" ON "smart_datasource" USING btree ("name") WHERE is_deleted = 0;