// Bad uploads refused with a clear message on the field: a .pdf that is really
// an image, a file over 10 MiB, an empty file; nothing is kept.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, withPage } from './support/browser.mjs';
import { descriptionOf, signIn, signInThroughPage } from './support/consultant.mjs';
import { empty, oversized, pdf, pngDisguisedAsPdf } from './support/files.mjs';
import { exactly } from './support/forms.mjs';

const browser = useBrowser();

/** The server's French messages (platform/locales/fr.json). */
const refused = {
  type: 'Type de fichier non accepté. Formats acceptés : PDF.',
  size: 'Le fichier ne doit pas dépasser 10 Mo.',
  empty: 'Le fichier est vide.',
};

describe('file uploads', () => {
  let person;
  before(async () => {
    person = await createAccount('consultant');
  });

  it('the resume field refuses an image named .pdf, an 11 MiB file and an empty file, each with its reason', { timeout: 90_000 }, async () => {
    await withPage(browser(), {}, async ({ page }) => {
      const uploads = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/consultant/files')) uploads.push(response.status());
      });
      await signInThroughPage(page, 'consultant', person);
      await page.goto('/consultant/edit-account/profile-detail');
      const resume = page.getByLabel(exactly('CV (PDF)'));
      await resume.waitFor();

      const refuse = async (file, message, { sent }) => {
        const answered = sent ? page.waitForResponse((r) => r.url().includes('/api/consultant/files?kind=resume')) : null;
        const before = uploads.length;
        await resume.setInputFiles(file);
        if (answered) assert.equal((await answered).status(), 400, `${file.name}: the server refuses it`);
        await page.getByText(message, { exact: true }).waitFor();
        assert.equal(await resume.getAttribute('aria-invalid'), 'true', `${file.name}: the field is marked invalid`);
        assert.ok((await descriptionOf(resume)).includes(message), `${file.name}: the reason describes the field`);
        // No file attached to the form.
        assert.ok((await descriptionOf(resume)).includes('Aucun fichier.'));
        assert.ok(uploads.slice(before).every((status) => status === 400), `${file.name}: no upload succeeded`);
      };

      await refuse(pngDisguisedAsPdf('cv.pdf'), refused.type, { sent: true });
      // The browser does not even send a file over the limit; the server's own
      // refusal of it is checked below.
      await refuse(oversized('cv-lourd.pdf'), refused.size, { sent: false });
      await refuse(empty('cv-vide.pdf'), refused.empty, { sent: true });
      assert.equal(uploads.includes(201), false, 'no bad file was stored');

      // A real PDF is then accepted and clears the message.
      await resume.setInputFiles(pdf('cv.pdf'));
      await page.getByText(/^Fichier : cv\.pdf \(/).waitFor();
      assert.equal(await resume.getAttribute('aria-invalid'), null);
      assert.equal((await descriptionOf(resume)).includes(refused.empty), false);

      // Sent anyway by the browser (the SPA checks the size first), 11 MiB are
      // refused by the server with the same words.
      const answer = await page.evaluate(async () => {
        const bytes = new Uint8Array(11 * 1024 * 1024);
        bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'cv.pdf');
        const response = await fetch('/api/consultant/files?kind=resume', {
          method: 'POST',
          body: form,
          headers: { 'X-Requested-With': 'equilibre', 'Accept-Language': 'fr' },
        });
        return { status: response.status, body: await response.json() };
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.error.fields.file, refused.size);
    });
    // Nothing was saved to the profile (the form was never saved).
    const consultant = await signIn('consultant', person);
    assert.equal((await consultant.get('/api/consultant/profile')).profile_details, null);
  });

  it('the server refuses the same files by their content and size, in French and in English', { timeout: 60_000 }, async () => {
    const consultant = await signIn('consultant', person);
    const cases = [
      [pngDisguisedAsPdf(), refused.type, 'This file type is not accepted. Accepted formats: PDF.'],
      // Just over the limit (11 MiB, sent by the browser above, also exceed the
      // route's body limit: the server answers before reading it all, which
      // Chromium reads but Node's fetch reports as EPIPE).
      [oversized('gros.pdf', 10 * 1024 * 1024 + 1024), refused.size, 'The file must not exceed 10 MB.'],
      [empty(), refused.empty, 'The file is empty.'],
    ];
    for (const [file, french, english] of cases) {
      for (const [language, message] of [['fr', french], ['en', english]]) {
        const form = new FormData();
        form.append('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
        const answer = await consultant.request('POST', '/api/consultant/files?kind=resume', { form, language });
        assert.equal(answer.status, 400, `${file.name} (${language})`);
        assert.equal(answer.body.error.code, 'validation_failed');
        assert.equal(answer.body.error.fields.file, message, `${file.name} (${language})`);
      }
    }
  });
});
