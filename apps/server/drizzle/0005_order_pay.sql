CREATE TABLE "smart_balance_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"yd_user_id" bigint NOT NULL,
	"change_type" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_before" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"biz_type" varchar(16) DEFAULT '' NOT NULL,
	"biz_no" varchar(64) DEFAULT '' NOT NULL,
	"operator_id" bigint,
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
CREATE TABLE "smart_order" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"yd_user_id" bigint NOT NULL,
	"product_type" integer NOT NULL,
	"product_id" bigint,
	"product_name" varchar(64) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"discount_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pay_amount" numeric(12, 2) NOT NULL,
	"power_amount" bigint DEFAULT 0 NOT NULL,
	"member_days" integer DEFAULT 0 NOT NULL,
	"pay_channel" varchar(16) DEFAULT '' NOT NULL,
	"order_status" integer DEFAULT 0 NOT NULL,
	"paid_time" timestamp (3),
	"expire_time" timestamp (3),
	"close_time" timestamp (3),
	"close_reason" varchar(64) DEFAULT '' NOT NULL,
	"deliver_status" integer DEFAULT 0 NOT NULL,
	"deliver_time" timestamp (3),
	"client_ip" varchar(64) DEFAULT '' NOT NULL,
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
CREATE TABLE "smart_pay" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"pay_no" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"yd_user_id" bigint NOT NULL,
	"channel" varchar(16) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(8) DEFAULT 'CNY' NOT NULL,
	"pay_status" integer DEFAULT 0 NOT NULL,
	"channel_status" varchar(32) DEFAULT '' NOT NULL,
	"channel_trade_no" varchar(64) DEFAULT '' NOT NULL,
	"qr_code" varchar(512) DEFAULT '' NOT NULL,
	"pay_form" text DEFAULT '' NOT NULL,
	"buyer_id" varchar(64) DEFAULT '' NOT NULL,
	"success_time" timestamp (3),
	"expire_time" timestamp (3),
	"notify_count" integer DEFAULT 0 NOT NULL,
	"last_notify_time" timestamp (3),
	"last_query_time" timestamp (3),
	"notify_raw" text DEFAULT '' NOT NULL,
	"query_raw" text DEFAULT '' NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp (3) DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp (3) DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_balance_log_biz_uq" ON "smart_balance_log" USING btree ("tenant_id","biz_type","biz_no","change_type") WHERE biz_no <> '';--> statement-breakpoint
CREATE INDEX "smart_balance_log_tenant_idx" ON "smart_balance_log" USING btree ("tenant_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_order_no_uq" ON "smart_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "smart_order_tenant_idx" ON "smart_order" USING btree ("tenant_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_order_unpaid_idx" ON "smart_order" USING btree ("expire_time") WHERE order_status = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_pay_no_uq" ON "smart_pay" USING btree ("pay_no");--> statement-breakpoint
CREATE INDEX "smart_pay_order_idx" ON "smart_pay" USING btree ("order_id","create_time");