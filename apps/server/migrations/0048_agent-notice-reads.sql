CREATE TABLE "content_notice_reads" (
	"merchant_code" text NOT NULL,
	"member_id" text NOT NULL,
	"read_through" timestamp with time zone NOT NULL,
	CONSTRAINT "content_notice_reads_merchant_code_member_id_pk" PRIMARY KEY("merchant_code","member_id")
);
