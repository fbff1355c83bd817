CREATE TABLE "smart_engine_quota" (
	"tenant_id" varchar(12) NOT NULL,
	"scope" varchar(64) NOT NULL,
	"period" varchar(16) NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "smart_engine_quota_pk" PRIMARY KEY("tenant_id","scope","period")
);
