ALTER TABLE "cashback_claims" ADD COLUMN "card_name" text;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "bank_name" text;