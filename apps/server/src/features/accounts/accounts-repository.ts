import type {
  AccountNotification,
  AccountPreferences,
  AccountSpendingEntry,
  AccountUser,
  Employment,
  Profile,
  ProfileUpdateParsed,
  ReferredUser,
} from '@cardwise/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { decryptNullable, encryptField } from '../../plumbing/crypto.ts';
import {
  contactMessages,
  notifications,
  profiles,
  spendingEntries,
  userPreferences,
  users,
} from './accounts-schema.ts';

export type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;
/** The address fields one update may be judged against (ADR 030). */
export type StoredAddress = { state: string | null; pincode: string | null };

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newReferralCode(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

const panContext = (userId: string) => `profile:pan:${userId}`;
const aadhaarContext = (userId: string) => `profile:aadhaar:${userId}`;

/** `a***@example.com`: enough for a referrer to recognise a friend, not to harvest addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function splitName(full: string): { first_name: string; last_name: string } {
  const parts = full.trim().split(/\s+/);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

export function toAccountUser(u: UserRow): AccountUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    name: u.full_name,
    full_name: u.full_name,
    ...splitName(u.full_name),
    referral_code: u.referral_code,
    date_joined: u.created_at.toISOString(),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function accountsRepository(db: Db, encryptionKey: Buffer) {
  function toProfile(u: UserRow, p: ProfileRow): Profile {
    return {
      id: u.id,
      user: { id: u.id, email: u.email, username: u.username, full_name: u.full_name },
      referral_code: u.referral_code,
      phone_number: p.phone_number,
      date_of_birth: p.date_of_birth,
      gender: p.gender as Profile['gender'],
      address: p.address,
      city: p.city,
      state: p.state,
      pincode: p.pincode,
      current_address: p.current_address,
      current_city: p.current_city,
      current_pincode: p.current_pincode,
      years_in_current_address: p.years_in_current_address,
      permanent_address_same: p.permanent_address_same,
      permanent_address: p.permanent_address,
      permanent_city: p.permanent_city,
      permanent_pincode: p.permanent_pincode,
      existing_monthly_emi: p.existing_monthly_emi,
      occupation: p.occupation,
      annual_income: p.annual_income,
      monthly_income: p.monthly_income,
      employment_type: p.employment_type as Profile['employment_type'],
      company_name: p.company_name,
      job_title: p.job_title,
      years_in_current_job: p.years_in_current_job,
      credit_score: p.credit_score,
      credit_card_limit: p.credit_card_limit,
      credit_card_utilization: p.credit_card_utilization,
      existing_loan_emis: p.existing_loan_emis,
      existing_loans_count: p.existing_loans_count,
      preferred_loan_tenure: p.preferred_loan_tenure,
      preferred_emi_affordability: p.preferred_emi_affordability,
      loan_purpose: p.loan_purpose,
      desired_loan_amount: p.desired_loan_amount,
      pan_number: decryptNullable(encryptionKey, p.pan_encrypted, panContext(u.id)),
      aadhaar_number: p.aadhaar_last4 ? `XXXXXXXX${p.aadhaar_last4}` : null,
      aadhaar_last4: p.aadhaar_last4,
      is_kyc_verified: p.is_kyc_verified,
      kyc_verified_at: iso(p.kyc_verified_at),
      itr_filed: p.itr_filed,
      gst_number: p.gst_number,
      business_turnover: p.business_turnover,
      consent_for_credit_check: p.consent_for_credit_check,
      consent_shared: p.consent_shared,
      marketing_consent: p.marketing_consent,
      created_at: p.created_at.toISOString(),
      updated_at: (p.updated_at > u.updated_at ? p.updated_at : u.updated_at).toISOString(),
      language_selected: p.language_selected as Profile['language_selected'],
    };
  }

  async function userById(tenantId: string, userId: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)))
      .limit(1);
    return rows[0];
  }

  return {
    userById,

    async userByEmail(tenantId: string, email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, tenantId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
        .limit(1);
      return rows[0];
    },

    async userByReferralCode(tenantId: string, code: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, tenantId), eq(users.referral_code, code.toUpperCase())))
        .limit(1);
      return rows[0];
    },

    /** A user, their empty profile and their welcome notification, in one transaction. */
    async createUser(input: {
      tenantId: string;
      /** The tenant's brand, named in the welcome notification (a partner's users never see ours). */
      brandName: string;
      email: string;
      fullName: string;
      phoneNumber: string;
      passwordHash: string;
      referrer: UserRow | undefined;
    }): Promise<UserRow> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const email = input.email.trim().toLowerCase();
            const [user] = await tx
              .insert(users)
              .values({
                tenant_id: input.tenantId,
                email,
                username: email,
                full_name: input.fullName,
                password_hash: input.passwordHash,
                referral_code: newReferralCode(),
                referred_by_id: input.referrer?.id ?? null,
              })
              .returning();
            await tx
              .insert(profiles)
              .values({ user_id: user!.id, tenant_id: input.tenantId, phone_number: input.phoneNumber });
            await tx.insert(notifications).values({
              tenant_id: input.tenantId,
              user_id: user!.id,
              kind: 'welcome',
              title: `Welcome to ${input.brandName}`,
              message: `Your referral code is ${user!.referral_code}. Share it with friends.`,
            });
            if (input.referrer) {
              await tx.insert(notifications).values({
                tenant_id: input.tenantId,
                user_id: input.referrer.id,
                kind: 'referral_signup',
                title: 'A friend joined',
                message: `${input.fullName.split(/\s+/)[0]} signed up with your referral code.`,
              });
            }
            return user!;
          });
        } catch (e) {
          // A referral-code collision (1 in 10^12 per pair): draw another.
          if (attempt < 3 && isUniqueViolation(e, 'users_tenant_referral_code_uq')) continue;
          throw e;
        }
      }
    },

    async setPasswordHash(userId: string, hash: string, changed: boolean): Promise<void> {
      await db
        .update(users)
        .set({
          password_hash: hash,
          updated_at: new Date(),
          ...(changed ? { password_changed_at: new Date() } : {}),
        })
        .where(eq(users.id, userId));
    },

    async touchLogin(userId: string): Promise<void> {
      await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, userId));
    },

    async profile(tenantId: string, userId: string): Promise<Profile | undefined> {
      const rows = await db
        .select({ u: users, p: profiles })
        .from(users)
        .innerJoin(profiles, eq(profiles.user_id, users.id))
        .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)))
        .limit(1);
      const row = rows[0];
      return row ? toProfile(row.u, row.p) : undefined;
    },

    async employment(tenantId: string, userId: string): Promise<Employment | undefined> {
      const p = await this.profile(tenantId, userId);
      if (!p) return undefined;
      return {
        occupation: p.occupation,
        employment_type: p.employment_type,
        company_name: p.company_name,
        job_title: p.job_title,
        years_in_current_job: p.years_in_current_job,
        annual_income: p.annual_income,
        monthly_income: p.monthly_income,
        itr_filed: p.itr_filed,
        gst_number: p.gst_number,
        business_turnover: p.business_turnover,
      };
    },

    /**
     * Applies a validated partial update; PAN and Aadhaar are encrypted here, never stored plain.
     * `guard` judges the update against the stored address inside the same transaction, the row
     * locked, and throws to write nothing: a check before the write could be raced by another
     * request changing the other half of the pair.
     */
    async updateProfile(
      tenantId: string,
      userId: string,
      input: ProfileUpdateParsed,
      guard?: (stored: StoredAddress) => void,
    ): Promise<void> {
      const { full_name, pan_number, aadhaar_number, ...rest } = input;
      const set: Partial<typeof profiles.$inferInsert> = {};
      for (const [k, v] of Object.entries(rest)) {
        if (v !== undefined) (set as Record<string, unknown>)[k] = v;
      }
      if (pan_number !== undefined) {
        set.pan_encrypted =
          pan_number === null ? null : encryptField(encryptionKey, pan_number, panContext(userId));
      }
      if (aadhaar_number !== undefined) {
        set.aadhaar_encrypted =
          aadhaar_number === null
            ? null
            : encryptField(encryptionKey, aadhaar_number, aadhaarContext(userId));
        set.aadhaar_last4 = aadhaar_number === null ? null : aadhaar_number.slice(-4);
      }
      await db.transaction(async (tx) => {
        if (guard) {
          const stored = await tx
            .select({ state: profiles.state, pincode: profiles.pincode })
            .from(profiles)
            .where(and(eq(profiles.tenant_id, tenantId), eq(profiles.user_id, userId)))
            .for('update');
          guard(stored[0] ?? { state: null, pincode: null });
        }
        const now = new Date();
        if (full_name !== undefined) {
          await tx
            .update(users)
            .set({ full_name, updated_at: now })
            .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)));
        }
        if (Object.keys(set).length > 0) {
          await tx
            .update(profiles)
            .set({ ...set, updated_at: now })
            .where(and(eq(profiles.tenant_id, tenantId), eq(profiles.user_id, userId)));
        }
      });
    },

    /** The full Aadhaar number, decrypted: for server-side use only (the wizard's KYC step). */
    async aadhaarNumber(tenantId: string, userId: string): Promise<string | null> {
      const rows = await db
        .select({ v: profiles.aadhaar_encrypted })
        .from(profiles)
        .where(and(eq(profiles.tenant_id, tenantId), eq(profiles.user_id, userId)));
      return decryptNullable(encryptionKey, rows[0]?.v ?? null, aadhaarContext(userId));
    },

    async referredUsers(tenantId: string, userId: string): Promise<ReferredUser[]> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, tenantId), eq(users.referred_by_id, userId)))
        .orderBy(desc(users.created_at));
      return rows.map((u) => ({
        id: u.id,
        name: u.full_name,
        email: maskEmail(u.email),
        date_joined: u.created_at.toISOString(),
      }));
    },

    async notifications(tenantId: string, userId: string): Promise<AccountNotification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.tenant_id, tenantId), eq(notifications.user_id, userId)))
        .orderBy(desc(notifications.created_at), desc(notifications.id))
        .limit(100);
      return rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        title: n.title,
        message: n.message,
        is_read: n.is_read,
        created_at: n.created_at.toISOString(),
      }));
    },

    async markNotificationRead(tenantId: string, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ is_read: true })
        .where(
          and(
            eq(notifications.tenant_id, tenantId),
            eq(notifications.user_id, userId),
            eq(notifications.id, id),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async preferences(tenantId: string, userId: string): Promise<AccountPreferences | undefined> {
      const rows = await db
        .select()
        .from(userPreferences)
        .where(and(eq(userPreferences.tenant_id, tenantId), eq(userPreferences.user_id, userId)));
      const r = rows[0];
      return r
        ? {
            compareCards: r.compare_cards,
            excludeCards: r.exclude_cards,
            ownedCards: r.owned_cards,
            desiredCardCount: r.desired_card_count,
          }
        : undefined;
    },

    async savePreferences(tenantId: string, userId: string, p: AccountPreferences): Promise<void> {
      const values = {
        compare_cards: p.compareCards,
        exclude_cards: p.excludeCards,
        owned_cards: p.ownedCards,
        desired_card_count: p.desiredCardCount,
        updated_at: new Date(),
      };
      await db
        .insert(userPreferences)
        .values({ user_id: userId, tenant_id: tenantId, ...values })
        .onConflictDoUpdate({ target: userPreferences.user_id, set: values });
    },

    async spendingEntries(tenantId: string, userId: string): Promise<AccountSpendingEntry[]> {
      const rows = await db
        .select()
        .from(spendingEntries)
        .where(and(eq(spendingEntries.tenant_id, tenantId), eq(spendingEntries.user_id, userId)))
        .orderBy(asc(spendingEntries.position));
      return rows.map((r) => ({
        id: r.entry_id,
        amount: r.amount,
        spending_mode: r.spending_mode,
        platform_type: r.platform_type,
        platform_name: r.platform_name,
        spending_category: r.spending_category,
        spending_sub_category: r.spending_sub_category,
        product: r.product,
        brand: r.brand,
        frequency: r.frequency,
        payment_method: r.payment_method,
        transaction_type: r.transaction_type,
      }));
    },

    /** Replaces the user's whole list in one transaction: never a partial write. */
    async replaceSpendingEntries(
      tenantId: string,
      userId: string,
      entries: AccountSpendingEntry[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(spendingEntries)
          .where(and(eq(spendingEntries.tenant_id, tenantId), eq(spendingEntries.user_id, userId)));
        if (entries.length === 0) return;
        await tx.insert(spendingEntries).values(
          entries.map((e, position) => ({
            user_id: userId,
            tenant_id: tenantId,
            entry_id: e.id,
            position,
            amount: e.amount,
            spending_mode: e.spending_mode,
            platform_type: e.platform_type,
            platform_name: e.platform_name,
            spending_category: e.spending_category,
            spending_sub_category: e.spending_sub_category,
            product: e.product,
            brand: e.brand,
            frequency: e.frequency,
            payment_method: e.payment_method,
            transaction_type: e.transaction_type,
          })),
        );
      });
    },

    /** A contact-form message, filed under the user when one is signed in; returns its id. */
    async addContactMessage(
      tenantId: string,
      userId: string | null,
      m: {
        name: string;
        email: string;
        phone_number?: string | null;
        subject?: string | null;
        message: string;
      },
    ): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values({
          tenant_id: tenantId,
          user_id: userId,
          name: m.name,
          email: m.email.toLowerCase(),
          phone_number: m.phone_number ?? null,
          subject: m.subject ?? null,
          message: m.message,
        })
        .returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
