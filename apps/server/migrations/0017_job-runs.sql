CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"period_key" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_pkey" PRIMARY KEY("name","period_key")
);
