// Consultant onboarding through the screens: every profile section filled with
// its attachments, the progress view complete, submission; then the review: an
// administrator rejects with a reason, the consultant reads it, fixes a section
// and submits again, the administrator approves and the expert is listed.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount } from './support/accounts.mjs';
import { useBrowser, waitForPath, withPage } from './support/browser.mjs';
import {
  createTopics,
  descriptionOf,
  eventually,
  fillProfile,
  signIn,
  signInAdmin,
  signInThroughPage,
  wordToken,
} from './support/consultant.mjs';
import { admin, baseUrl } from './support/env.mjs';
import { pdf, png } from './support/files.mjs';
import { exactly } from './support/forms.mjs';
import { waitForMail } from './support/maildev.mjs';

const browser = useBrowser();

/** The French texts of the profile screens (frontend/src/locales/fr.json). */
const saved = 'Vos modifications ont été enregistrées.';

/** Waits for the success toast of a save. */
const toast = (page, text) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** Attaches `file` to the upload field labelled `label` and waits until the server has stored it. */
const attach = async (page, label, file) => {
  await page.getByLabel(exactly(label)).setInputFiles(file);
  await page.getByText(`Fichier : ${file.name} (`).waitFor();
};

/**
 * Clicks "Enregistrer" and waits for the confirmation; when a field is refused
 * instead, fails at once with that field's message.
 */
const save = async (page) => {
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const invalid = page.getByRole('main').locator('[aria-invalid="true"]').first();
  const outcome = await Promise.race([
    toast(page, saved).then(() => 'saved'),
    invalid.waitFor().then(() => 'refused'),
  ]);
  if (outcome === 'refused') {
    const field = (await invalid.getAttribute('name')) ?? (await invalid.getAttribute('id'));
    throw new Error(`${new URL(page.url()).pathname}: not saved, ${field}: ${await descriptionOf(invalid)}`);
  }
};

/** A checkbox of the group whose legend is `legend`. */
const option = (page, legend, label) =>
  page.getByRole('group', { name: exactly(legend) }).getByLabel(label, { exact: true });

const progressCount = (page, done) =>
  page.getByText(`Sections obligatoires complètes : ${done} sur 6`, { exact: true }).waitFor();

describe('consultant onboarding', () => {
  let adminApi;
  let topics;
  before(async () => {
    adminApi = await signInAdmin();
    topics = await createTopics(adminApi);
  });

  it('a consultant fills every section with attachments, sees the progress complete and submits', { timeout: 90_000 }, async () => {
    const familyName = `Moreau ${wordToken()}`;
    const person = await createAccount('consultant');
    const certificate = { name: 'Praticienne en réflexologie', school: 'Institut Reflex', year: '2019', number: 'R-2019-7' };
    await withPage(browser(), {}, async ({ page }) => {
      await signInThroughPage(page, 'consultant', person);
      // The dashboard says what is missing and that appointments come after approval.
      const card = page.getByRole('region', { name: 'Votre profil d’expert' });
      await card.getByText('Vous recevrez des rendez-vous une fois votre profil approuvé par notre équipe.').waitFor();
      await card.getByText('Sections à compléter :').waitFor();
      await card.getByRole('link', { name: 'Compléter Adresse' }).waitFor();
      await card.getByRole('link', { name: 'Compléter mon profil' }).click();
      await waitForPath(page, '/consultant/edit-account');
      await progressCount(page, 0);
      assert.equal(await page.getByRole('button', { name: 'Soumettre pour examen' }).isDisabled(), true);

      // Basic profile (prefilled from the registration).
      await page.getByRole('link', { name: 'Compléter Profil de base' }).click();
      await waitForPath(page, '/consultant/edit-account/basic-profile');
      await page.getByLabel(exactly('Civilité')).selectOption({ label: 'Dr' });
      await page.getByLabel(exactly('Prénom')).fill('Hélène');
      await page.getByLabel(exactly('Nom de famille')).fill(familyName);
      await option(page, 'Langues parlées', 'Anglais').check();
      await save(page);

      // Address: the city list follows the country.
      await page.goto('/consultant/edit-account/address-detail');
      const city = page.getByLabel(exactly('Ville'));
      assert.equal(await city.isDisabled(), true, 'no city before a country');
      await page.getByLabel(exactly('Pays')).selectOption({ label: topics.country.name });
      await city.getByRole('option', { name: topics.city.name, exact: true }).waitFor({ state: 'attached' });
      await city.selectOption({ label: topics.city.name });
      await page.getByLabel(exactly('Numéro')).fill('12');
      await page.getByLabel(exactly('Rue')).fill('rue de la République');
      await page.getByLabel(exactly('Complément d’adresse')).fill('Bâtiment B');
      await page.getByLabel(exactly('Code postal')).fill('69002');
      await save(page);

      // Education: a degree with its PNG scan.
      await page.goto('/consultant/edit-account/education-detail');
      await page.getByLabel(exactly('Intitulé du diplôme')).fill('Diplôme de naturopathie');
      await page.getByLabel(exactly('Établissement')).fill('CENATHO Paris');
      await page.getByLabel(exactly('Année d’obtention')).fill('2012');
      await attach(page, 'Copie du diplôme (JPG ou PNG)', png('diplome.png'));
      await page.getByRole('button', { name: 'Ajouter ce diplôme' }).click();
      await toast(page, 'Le diplôme a été ajouté.');
      await page.getByRole('list', { name: 'Vos diplômes' }).getByRole('heading', { name: 'Diplôme de naturopathie' }).waitFor();

      // A certificate (optional section), added from the certificates list.
      await page.goto('/consultant/edit-account/certificate-detail/all-certificate');
      await page.getByRole('link', { name: 'Ajouter un certificat' }).click();
      await waitForPath(page, '/consultant/edit-account/add-certificate');
      await page.getByLabel(exactly('Intitulé du certificat')).fill(certificate.name);
      await page.getByLabel(exactly('Organisme')).fill(certificate.school);
      await page.getByLabel(exactly('Année de certification')).fill(certificate.year);
      await page.getByLabel(exactly('Numéro du certificat')).fill(certificate.number);
      await attach(page, 'Copie du certificat', pdf('certificat.pdf'));
      await page.getByRole('button', { name: 'Ajouter ce certificat' }).click();
      await waitForPath(page, '/consultant/edit-account/certificate-detail/all-certificate');
      await page.getByRole('list', { name: 'Vos certificats' }).getByRole('heading', { name: certificate.name }).waitFor();

      // Bank details: IBAN with spaces, BIC of 11 characters, tax number 0.
      await page.goto('/consultant/edit-account/bank-detail');
      await page.getByLabel(exactly('Titulaire du compte')).fill(`Hélène ${familyName}`);
      await page.getByLabel(exactly('Numéro fiscal')).fill('0');
      await page.getByLabel(exactly('Nom de la banque')).fill('BNP Paribas');
      await page.getByLabel(exactly('Nom de l’agence')).fill('Lyon République');
      await page.getByLabel(exactly('Adresse de l’agence')).fill('1 rue de la République, 69002 Lyon');
      await page.getByLabel(exactly('IBAN')).fill('FR76 3000 6000 0112 3456 7890 189');
      await page.getByLabel(exactly('SWIFT/BIC')).fill('BNPAFRPPXXX');
      await attach(page, 'Justificatif bancaire (RIB)', pdf('rib.pdf'));
      await save(page);

      // Profile details: texts, topics, languages, photo, resume, price and duration.
      await page.goto('/consultant/edit-account/profile-detail');
      await attach(page, 'Photo de profil', png('photo.png'));
      await page.getByLabel(exactly('Biographie')).fill('Naturopathe à Lyon, j’accompagne le sommeil et le stress.');
      await page.getByLabel(exactly('Parcours ou publications')).fill('Dix ans de pratique, articles sur la respiration.');
      await page.getByLabel(exactly('Expertise')).fill('Sommeil, respiration, acouphènes');
      await page.getByLabel(exactly('Vidéo de présentation (lien)')).fill('https://video.example.org/helene');
      await attach(page, 'CV (PDF)', pdf('cv.pdf'));
      await page.getByLabel(exactly('Prix d’une consultation')).fill('65');
      await page.getByLabel(exactly('Durée d’une séance')).selectOption({ label: '45 minutes' });
      await page.getByLabel('Je propose une première consultation gratuite').check();
      await option(page, 'Langues des consultations', 'Français').check();
      await option(page, 'Langues des consultations', 'Anglais').check();
      await option(page, 'Spécialisations', topics.specialisation.name_fr).check();
      await option(page, 'Troubles pris en charge', topics.disorder.name_fr).check();
      await option(page, 'Mots-clés', topics.keyword.name_fr).check();
      await option(page, 'Objectifs', topics.objective.name_fr).check();
      await save(page);

      // Documents: the contract template to download, the filled contract, ID and criminal record.
      await page.goto('/consultant/edit-account/document');
      const template = page.getByRole('link', { name: 'Télécharger le modèle de contrat (PDF)' });
      const templateAnswer = await fetch(new URL(await template.getAttribute('href'), baseUrl));
      assert.equal(templateAnswer.status, 200);
      assert.equal(Buffer.from(await templateAnswer.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
      await attach(page, 'Contrat rempli (PDF)', pdf('contrat.pdf'));
      await page.getByLabel(exactly('Numéro de la pièce d’identité')).fill('X4RTBPFW4');
      await attach(page, 'Copie de la pièce d’identité', png('cni.png'));
      await attach(page, 'Extrait de casier judiciaire', pdf('casier.pdf'));
      await save(page);

      // The progress view: every section complete; submit.
      await page.goto('/consultant/edit-account');
      await progressCount(page, 6);
      for (const section of ['Profil de base', 'Adresse', 'Formation', 'Certificats', 'Coordonnées bancaires', 'Détails du profil', 'Documents']) {
        await page.getByRole('link', { name: `Modifier ${section}`, exact: true }).waitFor();
      }
      assert.equal(await page.getByText('À compléter', { exact: true }).count(), 0);
      await page.getByRole('button', { name: 'Soumettre pour examen' }).click();
      await toast(page, 'Votre profil a été soumis pour examen.');
      await page.getByRole('button', { name: 'Retirer la soumission' }).waitFor();
      await page.getByText('Statut du profil : soumis, en cours d’examen', { exact: true }).waitFor();

      // Frozen while under review.
      await page.goto('/consultant/edit-account/bank-detail');
      await page.getByText(/^Votre profil est en cours d’examen/).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Enregistrer', exact: true }).isDisabled(), true);
    });

    // What the screens saved, as the server holds it.
    const consultant = await signIn('consultant', person);
    const profile = await consultant.get('/api/consultant/profile');
    assert.equal(profile.status, 'submitted');
    assert.deepEqual(profile.missing, []);
    assert.ok(Object.values(profile.sections).every(Boolean), JSON.stringify(profile.sections));
    assert.equal(profile.basic_profile.title, 'dr');
    assert.equal(profile.basic_profile.family_name, familyName);
    assert.deepEqual([...profile.basic_profile.spoken_languages].sort(), ['en', 'fr']);
    assert.equal(profile.address.city_id, topics.city.id);
    assert.equal(profile.address.street_name_2, 'Bâtiment B');
    assert.equal(profile.degrees[0].attachment.content_type, 'image/png');
    assert.equal(profile.certificates[0].number, certificate.number);
    assert.equal(profile.bank.iban, 'FR7630006000011234567890189');
    assert.equal(profile.bank.swift_bic, 'BNPAFRPPXXX');
    assert.equal(profile.bank.tax_number, '0');
    const details = profile.profile_details;
    assert.equal(details.price_minor, 6500);
    assert.equal(details.currency, 'EUR');
    assert.equal(details.session_minutes, 45);
    assert.equal(details.first_consultation_free, true);
    assert.deepEqual(details.disorder_ids, [topics.disorder.id]);
    assert.deepEqual(details.keyword_ids, [topics.keyword.id]);
    assert.deepEqual(details.objective_ids, [topics.objective.id]);
    assert.deepEqual(details.specialisation_ids, [topics.specialisation.id]);
    assert.equal(details.photo.content_type, 'image/png');
    assert.equal(details.resume.content_type, 'application/pdf');
    assert.equal(profile.documents.id_number, 'X4RTBPFW4');
    assert.equal(profile.documents.contract.content_type, 'application/pdf');
    assert.equal(profile.documents.id_attachment.content_type, 'image/png');
  });

  it('the admin rejects with a reason; the consultant reads it, fixes a section and resubmits; the admin approves', { timeout: 90_000 }, async () => {
    // A consultant whose complete profile was submitted through the API (the
    // screens that fill it are the previous test's subject).
    const familyName = `Lefèvre ${wordToken()}`;
    const person = await createAccount('consultant', { family_name: familyName });
    const consultantApi = await signIn('consultant', person);
    await fillProfile(consultantApi, topics, { givenName: 'Inès', familyName });
    await consultantApi.expect(204, 'POST', '/api/consultant/profile/submit');
    const name = `Inès ${familyName}`;
    const reason = 'La copie du diplôme est illisible : merci d’en téléverser une plus nette.';
    let reasonShownAfterFix = false;

    await withPage(browser(), {}, async ({ page: adminPage }) => {
      await signInThroughPage(adminPage, 'admin', admin);
      // The admin top menu: Médecine → Consultants.
      const menu = adminPage.getByRole('navigation', { name: 'Menu Administration' });
      await menu.getByRole('button', { name: 'Médecine' }).click();
      await menu.getByRole('link', { name: 'Consultants', exact: true }).click();
      await waitForPath(adminPage, '/admin/consultant');
      await adminPage.getByRole('heading', { level: 1, name: 'Consultants' }).waitFor();
      await adminPage.getByLabel('Statut').selectOption({ label: 'À examiner' });
      const search = adminPage.getByRole('search');
      await search.getByRole('searchbox', { name: 'Rechercher (nom, e-mail)' }).fill(familyName);
      await search.getByRole('button', { name: 'Rechercher' }).click();
      // Only this consultant matches the search among those to review.
      await adminPage.getByRole('main').getByRole('status').filter({ hasText: /^1 consultant$/ }).waitFor();
      const row = adminPage.getByRole('row').filter({ hasText: person.email });
      await row.getByText('À examiner', { exact: true }).waitFor();
      await row.getByRole('link', { name }).click();
      await waitForPath(adminPage, `/admin/consultant/consultant-profile/${consultantApi.accountId}`);

      // Every section and document, the bank details in full.
      const summary = adminPage.getByRole('region', { name });
      await summary.getByText('À examiner', { exact: true }).waitFor();
      await adminPage.getByRole('region', { name: 'Coordonnées bancaires' }).getByText('FR7630006000011234567890189').waitFor();
      await adminPage.getByRole('region', { name: 'Documents' }).getByText('X4RTBPFW4').waitFor();
      await adminPage.getByRole('region', { name: 'Diplômes' }).getByText('Diplôme de naturopathie — Institut Euronature (2015)').waitFor();
      await adminPage.getByRole('region', { name: 'Détails du profil' }).getByText(topics.disorder.name_fr).waitFor();

      await summary.getByRole('button', { name: 'Refuser', exact: true }).click();
      const rejectDialog = adminPage.getByRole('dialog', { name: 'Refuser le profil' });
      await rejectDialog.getByLabel(exactly('Motif')).fill(reason);
      await rejectDialog.getByRole('button', { name: 'Refuser', exact: true }).click();
      await toast(adminPage, `Le profil de ${name} est refusé.`);
      await summary.getByText('Refusé', { exact: true }).waitFor();
      await summary.getByText(reason).waitFor();

      // Mailed in the consultant's correspondence language (French).
      const rejectionMail = await waitForMail({ to: person.email, subject: /^Votre profil Equilibre doit être complété$/ });
      assert.ok(rejectionMail.text.includes(reason), `the mail gives the reason:\n${rejectionMail.text}`);

      await withPage(browser(), {}, async ({ page }) => {
        await signInThroughPage(page, 'consultant', person);
        // The dashboard shows the reason.
        const card = page.getByRole('region', { name: 'Votre profil d’expert' });
        await card.getByText('Statut du profil : refusé', { exact: true }).waitFor();
        await card.getByText(`Motif : ${reason}`, { exact: true }).waitFor();

        // The consultant replaces the degree's scan.
        await page.goto('/consultant/edit-account/education-detail');
        await page.getByRole('button', { name: 'Modifier Diplôme de naturopathie' }).click();
        await attach(page, 'Copie du diplôme (JPG ou PNG)', png('diplome-net.png'));
        await save(page);

        // Edited, the profile is "en cours" again; the reason stays shown until
        // the next submission (docs/api.md: `rejection_reason` until then).
        await page.goto('/consultant/edit-account');
        await page.getByText('Statut du profil : en cours', { exact: true }).waitFor();
        await progressCount(page, 6);
        const reopened = await consultantApi.get('/api/consultant/profile');
        assert.equal(reopened.rejection_reason, reason, 'the server keeps the reason until the next submission');
        // Checked at the end, so that the rest of the review is still exercised.
        reasonShownAfterFix = await page.getByText(`Motif : ${reason}`, { exact: true }).isVisible();
        await page.getByRole('button', { name: 'Soumettre pour examen' }).click();
        await toast(page, 'Votre profil a été soumis pour examen.');
        await page.getByText('Statut du profil : soumis, en cours d’examen', { exact: true }).waitFor();
        assert.equal(await page.getByText(reason).count(), 0, 'the reason is gone once resubmitted');
      });

      await adminPage.reload();
      await summary.getByText('À examiner', { exact: true }).waitFor();
      await summary.getByRole('button', { name: 'Approuver', exact: true }).click();
      await adminPage.getByRole('dialog', { name: 'Approuver le profil' }).getByRole('button', { name: 'Approuver', exact: true }).click();
      await toast(adminPage, `Le profil de ${name} est approuvé.`);
      await summary.getByText('Approuvé', { exact: true }).waitFor();
      await waitForMail({ to: person.email, subject: /^Votre profil Equilibre est approuvé$/ });
    });

    // Approved: listed in the public directory.
    const listed = async () => (await fetch(`${baseUrl}/api/public/experts/${consultantApi.accountId}`)).status === 200;
    await eventually(listed, 'the approved expert is listed');
    assert.equal((await consultantApi.get('/api/consultant/profile')).status, 'approved');
    assert.ok(reasonShownAfterFix, 'edit-account shows the rejection reason after a fix, until the profile is submitted again');
  });
});
