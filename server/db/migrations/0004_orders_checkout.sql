ALTER TABLE "order_items" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variation_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "requested_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "regular_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_adjusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_state_history" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "iibb_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "additions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "additions_stage" text;