ALTER TABLE "cards" ADD COLUMN "bank_site_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now a card without an affiliate link was stored as null and read as affiliated_url: false;
-- the rows already here keep that meaning until a catalogue import says otherwise.
UPDATE "cards" SET "bank_site_closed" = true WHERE "affiliated_url" IS NULL;
