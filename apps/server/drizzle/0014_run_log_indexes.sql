CREATE INDEX "smart_dy_browe_log_group_job_idx" ON "smart_dy_browe_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';--> statement-breakpoint
CREATE INDEX "smart_dy_browse_log_group_idx" ON "smart_dy_browse_log" USING btree ("tenant_id","group_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_dy_comm_log_group_idx" ON "smart_dy_comm_log" USING btree ("tenant_id","group_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_dy_comm_log_group_job_idx" ON "smart_dy_comm_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';--> statement-breakpoint
CREATE INDEX "smart_dy_live_log_group_idx" ON "smart_dy_live_log" USING btree ("tenant_id","group_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_xsh_browe_log_group_job_idx" ON "smart_xsh_browe_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';--> statement-breakpoint
CREATE INDEX "smart_xsh_browse_log_group_idx" ON "smart_xsh_browse_log" USING btree ("tenant_id","group_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_xsh_comm_log_group_idx" ON "smart_xsh_comm_log" USING btree ("tenant_id","group_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "smart_xsh_comm_log_group_job_idx" ON "smart_xsh_comm_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';--> statement-breakpoint
CREATE INDEX "smart_sph_browe_log_group_job_idx" ON "smart_sph_browe_log_group" USING btree ("job_uuid") WHERE job_uuid <> '';--> statement-breakpoint
CREATE INDEX "smart_sph_browse_log_group_idx" ON "smart_sph_browse_log" USING btree ("tenant_id","group_id","create_time") WHERE is_deleted = 0;