ALTER TABLE "smart_dy_arr" ADD COLUMN "today_date" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_dy_comm_arr" ADD COLUMN "today_date" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_dy_live_arr" ADD COLUMN "today_date" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_xsh_arr" ADD COLUMN "today_date" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_xsh_comm_arr" ADD COLUMN "today_date" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_sph_arr" ADD COLUMN "today_date" varchar(10) DEFAULT '' NOT NULL;