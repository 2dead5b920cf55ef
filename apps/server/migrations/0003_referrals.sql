CREATE TABLE "apply_redirects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid,
	"card_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"tracking_email" text,
	"tracking_phone" text,
	"tracking_pan_encrypted" text,
	"referral_code" text,
	"application_reference" text NOT NULL,
	"redirect_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashback_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"redirect_id" bigint,
	"application_reference" text NOT NULL,
	"card_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"referral_code" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "apply_redirects" ADD CONSTRAINT "apply_redirects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_redirects" ADD CONSTRAINT "apply_redirects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_redirect_id_apply_redirects_id_fk" FOREIGN KEY ("redirect_id") REFERENCES "public"."apply_redirects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apply_redirects_reference_uq" ON "apply_redirects" USING btree ("application_reference");--> statement-breakpoint
CREATE INDEX "apply_redirects_tenant_user_idx" ON "apply_redirects" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_reference_uq" ON "cashback_claims" USING btree ("application_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_key_uq" ON "cashback_claims" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "cashback_claims_tenant_user_idx" ON "cashback_claims" USING btree ("tenant_id","user_id");