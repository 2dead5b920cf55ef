import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Email behind one interface, as documents are behind `storage.ts` (ADR 024). A feature builds a
 * `MailMessage` and hands it to the app's `Mailer`; which transport carries it is chosen when the
 * app is built. The one transport here writes each message as an `.eml` file under
 * `DATA_DIR/outbox` (the embedded default: a developer opens the file, or any mail client does).
 * An SMTP or mail-API transport is another implementation of `send` (e.g. nodemailer's
 * `createTransport(...).sendMail`), passed as `AppOptions.mailer`.
 *
 * A message may carry a secret (a reset link): a transport never logs a message's body.
 */
export interface MailMessage {
  /** `{ name, address }` of the sender: the tenant's brand and support address. */
  from: { name: string; address: string };
  to: string;
  subject: string;
  /** Plain text, UTF-8. */
  text: string;
}

export interface Mailer {
  /** Which implementation this is (logged at start). */
  readonly kind: string;
  /** Resolves once the message is handed over (written, accepted by the relay). */
  send(message: MailMessage): Promise<{ id: string }>;
}

/** Logs what a transport did, never a body: `{ id, file? }` and a message. */
export type MailLog = (fields: Record<string, unknown>, message: string) => void;

/** A header value on one line: CR and LF (and other controls) would start a header of their own. */
function headerText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
function encodedWord(value: string): string {
  const text = headerText(value);
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** `"Name" <address>` with the name quoted or encoded. */
function mailbox(name: string, address: string): string {
  const n = headerText(name);
  const shown = /^[\x20-\x7e]*$/.test(n) ? `"${n.replace(/["\\]/g, '\\$&')}"` : encodedWord(n);
  return `${shown} <${headerText(address)}>`;
}

/** The message as an RFC 5322 text (CRLF line ends, UTF-8 body in 8bit). */
export function formatMessage(message: MailMessage, id: string, date: Date): string {
  const domain = headerText(message.from.address).split('@')[1] || 'localhost';
  const headers = [
    `From: ${mailbox(message.from.name, message.from.address)}`,
    `To: <${headerText(message.to)}>`,
    `Subject: ${encodedWord(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${id}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = message.text.replace(/\r?\n/g, '\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/**
 * Writes each message to `<dir>/<time>-<id>.eml` (mode 0600: a reset link is a credential for
 * half an hour), through a temp file renamed into place, so a reader never sees half a message.
 * Logs the file's name, not its content.
 */
export function outboxMailer(dir: string, log: MailLog, now: () => Date = () => new Date()): Mailer {
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    async send(message) {
      ready ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await ready;
      const date = now();
      const id = randomBytes(12).toString('hex');
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
      const temp = join(dir, `.tmp-${name}`);
      const file = await open(temp, 'wx', 0o600);
      try {
        await file.writeFile(formatMessage(message, id, date), 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, join(dir, name));
      log({ id, file: name }, 'email written to the outbox');
      return { id };
    },
  };
}

/** An outbox message older than this holds only dead links (a reset link lives 30 minutes). */
export const OUTBOX_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A temp file older than this belongs to a write that died. */
const OUTBOX_TEMP_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * Removes the outbox's old messages and abandoned temp files, and says how many it removed. The
 * files are credentials while their link lives and clutter after it; nothing else removed them.
 */
export async function sweepOutbox(dir: string, now: Date = new Date()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // No outbox yet.
  }
  let removed = 0;
  for (const name of names) {
    const temp = name.startsWith('.tmp-');
    if (!temp && !name.endsWith('.eml')) continue;
    const path = join(dir, name);
    try {
      const age = now.getTime() - (await stat(path)).mtimeMs;
      if (age > (temp ? OUTBOX_TEMP_MAX_AGE_MS : OUTBOX_MAX_AGE_MS)) {
        await unlink(path);
        removed++;
      }
    } catch {
      // Gone meanwhile (a second sweep): nothing to do.
    }
  }
  return removed;
}
