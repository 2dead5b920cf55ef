CREATE TABLE "catalog_source" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"digest" text NOT NULL,
	"card_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_source_one_row" CHECK ("catalog_source"."id" = 1),
	CONSTRAINT "catalog_source_kind" CHECK ("catalog_source"."kind" in ('demo', 'file'))
);
