// The SMS outbox of the server under test: one JSON line per text in
// `{data dir}/sms-outbox.log` (the default SMS sender, no provider).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { dataDir } from './env.mjs';

export const listTexts = async () => {
  try {
    const raw = await readFile(join(dataDir, 'sms-outbox.log'), 'utf8');
    return raw.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
};

/** The newest text to `to` (E.164) not in `seen` (ids), polling until `timeoutMs` passes. */
export const waitForText = async ({ to, seen = [] }, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = (await listTexts()).filter((text) => text.to === to && !seen.includes(text.id));
    if (texts.length > 0) return texts.at(-1);
    if (Date.now() > deadline) throw new Error(`no text to ${to} within ${timeoutMs} ms`);
    await delay(150);
  }
};

/** The 6-digit code of an OTP text. */
export const codeFrom = (text) => {
  const match = /\b(\d{6})\b/.exec(text.text ?? '');
  if (!match) throw new Error(`no 6-digit code in the text: ${text.text}`);
  return match[1];
};
