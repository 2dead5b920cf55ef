CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"primary_color" text NOT NULL,
	"description" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_tags" (
	"card_id" text NOT NULL,
	"tag_slug" text NOT NULL,
	CONSTRAINT "card_tags_card_id_tag_slug_pk" PRIMARY KEY("card_id","tag_slug")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"network" text,
	"annual_fee" numeric(14, 2) NOT NULL,
	"fee_frequency" text DEFAULT 'YEARLY' NOT NULL,
	"joining_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"fee_waiver_annual_spend" numeric(14, 2),
	"waiver_condition" text,
	"rules" jsonb NOT NULL,
	"cap_groups" jsonb NOT NULL,
	"milestones" jsonb NOT NULL,
	"earn_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"interest_rate" text,
	"min_income" numeric(14, 2),
	"credit_score" integer,
	"image_url" text,
	"apply_url" text,
	"affiliated_url" text,
	"bank_page_url" text,
	"know_more_urls" jsonb NOT NULL,
	"highlights" jsonb NOT NULL,
	"benefits" jsonb NOT NULL,
	"description" text,
	"eligibility" text,
	"welcome_bonus" text,
	"lounge_access" text,
	"fuel_surcharge_waiver" text,
	"reward_point_value_inr" numeric(8, 4),
	"reward_type" text DEFAULT 'cashback' NOT NULL,
	"card_type" text DEFAULT 'CREDIT_CARD' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"editorial_rationale" text,
	"sources" jsonb NOT NULL,
	"as_of" text NOT NULL,
	"uncertain" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text
);
--> statement-breakpoint
CREATE TABLE "tenant_banks" (
	"tenant_id" text NOT NULL,
	"bank_code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tenant_banks_tenant_id_bank_code_pk" PRIMARY KEY("tenant_id","bank_code")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"logo" text,
	"custom_css" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"theme" text NOT NULL,
	"support_email" text NOT NULL,
	"complete_journey_banks" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"primary_color" text NOT NULL,
	"light" jsonb NOT NULL,
	"dark" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_tags" ADD CONSTRAINT "card_tags_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_tags" ADD CONSTRAINT "card_tags_tag_slug_tags_slug_fk" FOREIGN KEY ("tag_slug") REFERENCES "public"."tags"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_banks" ADD CONSTRAINT "tenant_banks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_banks" ADD CONSTRAINT "tenant_banks_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_theme_themes_name_fk" FOREIGN KEY ("theme") REFERENCES "public"."themes"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_tags_tag_idx" ON "card_tags" USING btree ("tag_slug");--> statement-breakpoint
CREATE INDEX "cards_bank_idx" ON "cards" USING btree ("bank_code");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");