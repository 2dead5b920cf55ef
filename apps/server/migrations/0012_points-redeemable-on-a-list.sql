ALTER TABLE "cards" ALTER COLUMN "points_redeemable_only_on" SET DATA TYPE text[] USING CASE WHEN "points_redeemable_only_on" IS NULL THEN NULL ELSE ARRAY["points_redeemable_only_on"] END;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "points_redeemable_only_on_words" text;
