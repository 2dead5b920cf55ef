import { createTransport } from 'nodemailer';
import type { Mailer, MailLog } from './mailer.ts';

/**
 * Email through an SMTP relay (SMTP_URL, nodemailer): `smtp://user:pass@host:587` (STARTTLS when
 * the relay offers it) or `smtps://…:465`. nodemailer writes the headers (encoding names and
 * subjects, refusing line breaks in them). Logs the relay's message id, never the body.
 */
export function smtpMailer(url: string, log: MailLog): Mailer & { close(): void } {
  const transport = createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: { name: message.from.name, address: message.from.address },
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      log({ id: info.messageId }, 'email handed to the SMTP relay');
      return { id: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
