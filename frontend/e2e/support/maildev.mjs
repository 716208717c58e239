// maildev's JSON API: the mails equilibre really sent over SMTP.
import { setTimeout as delay } from 'node:timers/promises';
import { maildevUrl } from './env.mjs';

const sentTo = (mail, address) => mail.to?.some((to) => to.address.toLowerCase() === address.toLowerCase());

export const listMails = async () => {
  const response = await fetch(`${maildevUrl}/email`);
  if (!response.ok) throw new Error(`maildev GET /email answered ${response.status}`);
  return response.json();
};

/**
 * The newest mail to `to` whose subject matches `subject` and that was not in
 * `seen` (ids), polling until `timeoutMs` passes.
 */
export const waitForMail = async ({ to, subject = /./, seen = [] }, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await listMails()).filter(
      (mail) => sentTo(mail, to) && subject.test(mail.subject ?? '') && !seen.includes(mail.id),
    );
    if (mails.length > 0) return mails.at(-1);
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await delay(150);
  }
};

/** The ids of the mails already received for `to` (to wait for the next one). */
export const mailIds = async (to) => (await listMails()).filter((mail) => sentTo(mail, to)).map((mail) => mail.id);

/** The 6-digit code of an OTP mail (plain-text part). */
export const otpFrom = (mail) => {
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match) throw new Error(`no 6-digit code in the mail:\n${mail.text}`);
  return match[1];
};

/** The first link of a mail's text that contains `fragment`. */
export const linkFrom = (mail, fragment) => {
  const link = (mail.text ?? '').match(/https?:\/\/[^\s<>"]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in the mail:\n${mail.text}`);
  return link;
};
