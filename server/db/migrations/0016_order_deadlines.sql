ALTER TABLE "config" ADD COLUMN "budget_valid_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "config" ADD COLUMN "payment_due_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "budget_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "budget_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "budget_update_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminder_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_budget_reminder_due_idx" ON "orders" USING btree ("budget_expires_at") WHERE "orders"."budget_reminder_at" is null;--> statement-breakpoint
CREATE INDEX "orders_payment_reminder_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_reminder_at" is null;--> statement-breakpoint
ALTER TABLE "config" ADD CONSTRAINT "config_budget_valid_days" CHECK ("config"."budget_valid_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "config" ADD CONSTRAINT "config_payment_due_days" CHECK ("config"."payment_due_days" between 1 and 90);