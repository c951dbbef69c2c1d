ALTER TABLE "deposit_orders" ADD COLUMN "request_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_request_key" ON "deposit_orders" USING btree ("member_id","request_id");