ALTER TABLE "crash_chains" ADD COLUMN "merchant_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD COLUMN "merchant_code" text NOT NULL;--> statement-breakpoint
CREATE INDEX "crash_chains_merchant_idx" ON "crash_chains" USING btree ("merchant_code","id");--> statement-breakpoint
CREATE INDEX "crash_rounds_merchant_idx" ON "crash_rounds" USING btree ("merchant_code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_live_key" ON "crash_rounds" USING btree ("merchant_code") WHERE "crash_rounds"."status" IN ('betting', 'running');--> statement-breakpoint
ALTER TABLE "crash_chains" ADD CONSTRAINT "crash_chains_length_positive" CHECK ("crash_chains"."length" > 0);