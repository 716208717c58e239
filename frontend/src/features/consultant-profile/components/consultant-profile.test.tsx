import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { registrationOptions } from '@/testing/registration-options';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { ConsultantProfile } from '../api/profile';
import { cities, completeProfile, newProfile, referenceLists } from '../testing/profile-fixtures';

const noContent = () => new Response(null, { status: 204 });
const user = () => userEvent.setup({ delay: null });

/** A signed-in consultant whose profile is `profile()` (read again after each write). */
const setup = (profile: () => ConsultantProfile, handlers: Record<string, StubHandler> = {}) =>
  stubFetch({
    'GET /api/consultant/session': () => json(sessionFor('consultant')),
    'GET /api/consultant/profile': () => json(profile()),
    'GET /api/public/registration-options': () => json(registrationOptions),
    ...Object.fromEntries(
      Object.entries(referenceLists).map(([kind, items]) => [`GET /api/public/reference/${kind}`, () => json({ items })]),
    ),
    'GET /api/public/reference/cities': (request) =>
      json({ items: cities[request.url.searchParams.get('parent_id') ?? ''] ?? [] }),
    ...handlers,
  });

/** The FormData sent by the n-th upload. */
const uploadedForm = (fetch: ReturnType<typeof stubFetch>, index = 0) => {
  const calls = fetch.fetchMock.mock.calls.filter(
    ([input]) => typeof input === 'string' && input.includes('/api/consultant/files'),
  );
  return calls[index][1]?.body as FormData;
};

describe('consultant profile: progress and review', () => {
  it('lists every section with its state and link; submit stays disabled while a required section is missing', async () => {
    setup(() => newProfile());
    renderApp('/consultant/edit-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier le compte' })).toBeTruthy();
    expect(await screen.findByText('Sections obligatoires complètes : 1 sur 6')).toBeTruthy();
    const address = screen.getByRole('link', { name: 'Compléter Adresse' });
    expect(address.getAttribute('href')).toBe('/consultant/edit-account/address-detail');
    expect(screen.getByRole('link', { name: 'Compléter Coordonnées bancaires' }).getAttribute('href')).toBe(
      '/consultant/edit-account/bank-detail',
    );
    expect(screen.getByRole('link', { name: 'Modifier Profil de base' })).toBeTruthy();
    expect(screen.getByText('Facultative')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Soumettre pour examen' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Le bouton s’active quand toutes les sections obligatoires/)).toBeTruthy();
  });

  it('enables submit once every required section is complete (certificates optional), submits, then offers withdraw', async () => {
    let profile = completeProfile();
    const fetch = setup(() => profile, {
      'POST /api/consultant/profile/submit': () => {
        profile = completeProfile({ status: 'submitted' });
        return noContent();
      },
      'POST /api/consultant/profile/withdraw': () => {
        profile = completeProfile({ status: 'in_progress' });
        return noContent();
      },
    });
    renderApp('/consultant/edit-account');
    const submit = await screen.findByRole('button', { name: 'Soumettre pour examen' });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    const u = user();
    await u.click(submit);
    expect(await screen.findByText('Votre profil a été soumis pour examen.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/profile/submit')).toHaveLength(1);
    const withdraw = await screen.findByRole('button', { name: 'Retirer la soumission' });
    expect(screen.getByText('soumis, en cours d’examen')).toBeTruthy();
    await u.click(withdraw);
    expect(await screen.findByRole('button', { name: 'Soumettre pour examen' })).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/profile/withdraw')).toHaveLength(1);
  });

  it('names the sections the server still finds incomplete', async () => {
    setup(() => completeProfile(), {
      'POST /api/consultant/profile/submit': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          documents: 'Cette section est incomplète.',
        }),
    });
    renderApp('/consultant/edit-account');
    await user().click(await screen.findByRole('button', { name: 'Soumettre pour examen' }));
    expect(await screen.findByText('Sections encore incomplètes : Documents.')).toBeTruthy();
  });

  it('shows the administrator’s reason when the profile was rejected', async () => {
    setup(() => completeProfile({ status: 'rejected', rejection_reason: 'Le diplôme est illisible.' }));
    renderApp('/consultant/edit-account');
    expect(await screen.findByText('Le diplôme est illisible.')).toBeTruthy();
    expect(screen.getByText('refusé')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Soumettre pour examen' }).disabled).toBe(false);
  });
});

describe('consultant profile: section forms', () => {
  it('profile details: French decimal comma becomes integer minor units; client checks first', async () => {
    const fetch = setup(() => completeProfile(), {
      'PUT /api/consultant/profile/details': noContent,
    });
    renderApp('/consultant/edit-account/profile-detail');
    const price = await screen.findByLabelText(/Prix d’une consultation/);
    expect((price as HTMLInputElement).value).toBe('60,00');
    const u = user();
    await u.clear(price);
    await u.type(price, '60,505');
    const bio = screen.getByLabelText(/^Biographie/, { selector: 'textarea[name="bio"]' });
    await u.clear(bio);
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saisissez un montant, par ex. 60 ou 60,50 (au plus 2 décimales).')).toBeTruthy();
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(fetch.calls('PUT', '/api/consultant/profile/details')).toHaveLength(0);

    await u.type(bio, 'Hypnothérapeute à Lyon.');
    await u.clear(price);
    await u.type(price, '75,5');
    await u.click(screen.getByRole('checkbox', { name: 'Insomnie' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos modifications ont été enregistrées.')).toBeTruthy();
    expect(fetch.calls('PUT', '/api/consultant/profile/details')[0].body).toEqual({
      bio: 'Hypnothérapeute à Lyon.',
      background: '',
      expertise: '',
      bio_en: '',
      background_en: '',
      expertise_en: '',
      video_url: '',
      keyword_ids: [],
      objective_ids: [],
      disorder_ids: ['dis-anx', 'dis-ins'],
      specialisation_ids: ['spec-hyp'],
      photo_key: completeProfile().profile_details!.photo!.key,
      resume_key: completeProfile().profile_details!.resume!.key,
      price_minor: 7550,
      currency: 'EUR',
      session_minutes: 45,
      languages: ['fr'],
      first_consultation_free: false,
    });
  });

  it('profile details: the server’s price error lands on the price field', async () => {
    setup(() => completeProfile(), {
      'PUT /api/consultant/profile/details': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          price_minor: 'Le prix doit être compris entre 0,00 EUR et 10 000,00 EUR.',
        }),
    });
    renderApp('/consultant/edit-account/profile-detail');
    const price = await screen.findByLabelText(/Prix d’une consultation/);
    await user().click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prix doit être compris entre 0,00 EUR et 10 000,00 EUR.')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
  });

  it('bank: every field, tax number hint, IBAN checked client-side, server field errors on the fields', async () => {
    let attempt = 0;
    const fetch = setup(() => newProfile(), {
      'POST /api/consultant/files': () =>
        json(
          { key: 'subjects/u1/rib.pdf', content_type: 'application/pdf', size: 3000, name: 'rib.pdf' },
          { status: 201 },
        ),
      'PUT /api/consultant/profile/bank': () => {
        attempt += 1;
        return attempt === 1
          ? apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { swift_bic: 'Code SWIFT/BIC invalide (8 ou 11 caractères).' })
          : noContent();
      },
    });
    renderApp('/consultant/edit-account/bank-detail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coordonnées bancaires' })).toBeTruthy();
    expect(await screen.findByText('Saisissez 0 si ce n’est pas applicable.')).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findAllByText('Ce champ est obligatoire.')).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText('Indiquez un IBAN ou un numéro de compte.')).toBeTruthy();

    await u.type(screen.getByLabelText(/Titulaire du compte/), 'Camille Martin');
    await u.type(screen.getByLabelText(/Numéro fiscal/), '0');
    await u.type(screen.getByLabelText(/Nom de la banque/), 'BNP Paribas');
    await u.type(screen.getByLabelText(/^IBAN/), 'FR76 3000 6000 0112 3456 7890 188');
    await u.type(screen.getByLabelText(/SWIFT\/BIC/), 'bnpa frpp');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('IBAN invalide : vérifiez le code pays, la clé et les chiffres.')).toBeTruthy();

    const iban = screen.getByLabelText(/^IBAN/);
    await u.clear(iban);
    await u.type(iban, 'fr76 3000 6000 0112 3456 7890 189');
    await u.upload(
      screen.getByLabelText(/Justificatif bancaire/),
      new File(['%PDF-1.4'], 'rib.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(/Fichier : rib\.pdf/)).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/files')[0].url.searchParams.get('kind')).toBe('bank_attachment');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Code SWIFT/BIC invalide (8 ou 11 caractères).')).toBeTruthy();
    expect(screen.getByLabelText(/SWIFT\/BIC/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('PUT', '/api/consultant/profile/bank')[0].body).toEqual({
      payment_currency: 'EUR',
      tax_number: '0',
      bank_name: 'BNP Paribas',
      agency_name: '',
      agency_address: '',
      swift_bic: 'BNPAFRPP',
      account_number: '',
      branch_code: '',
      iban: 'FR7630006000011234567890189',
      control_key: '',
      account_holder: 'Camille Martin',
      account_currency: 'EUR',
      attachment_key: 'subjects/u1/rib.pdf',
    });
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos modifications ont été enregistrées.')).toBeTruthy();
  });

  it('address: the cities of the chosen country only', async () => {
    const fetch = setup(() => newProfile(), { 'PUT /api/consultant/profile/address': noContent });
    renderApp('/consultant/edit-account/address-detail');
    const country = await screen.findByLabelText(/Pays/);
    const city = screen.getByLabelText(/Ville/);
    expect((city as HTMLSelectElement).disabled).toBe(true);
    const u = user();
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Belgique' })).toBeTruthy());
    await u.selectOptions(country, 'c-be');
    await waitFor(() => expect(within(city).getByRole('option', { name: 'Bruxelles' })).toBeTruthy());
    expect(within(city).queryByRole('option', { name: 'Lyon' })).toBeNull();
    expect(fetch.calls('GET', '/api/public/reference/cities')[0].url.searchParams.get('parent_id')).toBe('c-be');
    await u.selectOptions(city, 'city-bxl');
    await u.type(screen.getByLabelText(/^Numéro/), '3');
    await u.type(screen.getByLabelText(/^Rue/), 'Grand-Place');
    await u.type(screen.getByLabelText(/Code postal/), '1000');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos modifications ont été enregistrées.')).toBeTruthy();
    expect(fetch.calls('PUT', '/api/consultant/profile/address')[0].body).toEqual({
      country_id: 'c-be',
      city_id: 'city-bxl',
      house_number: '3',
      street_name: 'Grand-Place',
      street_name_2: '',
      postal_code: '1000',
    });
  });

  it('education: the upload field sends the file, shows it, and shows the server’s refusal; year range checked', async () => {
    let uploads = 0;
    const fetch = setup(() => newProfile(), {
      'POST /api/consultant/files': () => {
        uploads += 1;
        return uploads === 1
          ? apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
              file: 'Type de fichier non accepté. Formats acceptés : JPG, PNG.',
            })
          : json(
              { key: 'subjects/u1/abc.png', content_type: 'image/png', size: 1536, name: 'diplome.png' },
              { status: 201 },
            );
      },
      'POST /api/consultant/profile/degrees': () => json({ id: 'd9' }, { status: 201 }),
    });
    renderApp('/consultant/edit-account/education-detail');
    const input = await screen.findByLabelText(/Copie du diplôme/);
    expect(input.getAttribute('accept')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
    expect(screen.getByText('Formats : JPG, PNG. 10 Mo au plus.')).toBeTruthy();
    const u = user();
    await u.upload(input, new File(['not really a png'], 'faux.png', { type: 'image/png' }));
    expect(await screen.findByText('Type de fichier non accepté. Formats acceptés : JPG, PNG.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await u.upload(input, new File([new Uint8Array(1536)], 'diplome.png', { type: 'image/png' }));
    expect(await screen.findByText('Fichier : diplome.png (1,5 Ko)')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('link', { name: /Voir le fichier/ }).getAttribute('href')).toBe(
      '/api/consultant/files/subjects/u1/abc.png',
    );
    const sent = uploadedForm(fetch, 1);
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('file') as File).name).toBe('diplome.png');
    expect(fetch.calls('POST', '/api/consultant/files')[1].url.searchParams.get('kind')).toBe('degree');
    expect(fetch.calls('POST', '/api/consultant/files')[1].headers.get('Content-Type')).toBeNull();

    await u.type(screen.getByLabelText(/Intitulé du diplôme/), 'Master de psychologie');
    await u.type(screen.getByLabelText(/Établissement/), 'Université Lyon 2');
    const year = screen.getByLabelText(/Année d’obtention/);
    await u.type(year, '1949');
    await u.click(screen.getByRole('button', { name: 'Ajouter ce diplôme' }));
    expect(await screen.findByText(`Indiquez une année entre 1950 et ${new Date().getFullYear()}.`)).toBeTruthy();
    await u.clear(year);
    await u.type(year, '2012');
    await u.click(screen.getByRole('button', { name: 'Ajouter ce diplôme' }));
    expect(await screen.findByText('Le diplôme a été ajouté.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/consultant/profile/degrees')[0].body).toEqual({
      name: 'Master de psychologie',
      school: 'Université Lyon 2',
      year: 2012,
      attachment_key: 'subjects/u1/abc.png',
    });
  });

  it('certificates: list with edit links; delete asks first', async () => {
    let certificates = [
      {
        id: 'c1',
        name: 'Praticien en hypnose',
        school: 'Institut Milton',
        year: 2018,
        number: 'H-42',
        attachment: { key: 'subjects/u1/c1.pdf', content_type: 'application/pdf', size: 1000 },
      },
    ];
    const fetch = setup(() => completeProfile({ certificates }), {
      'DELETE /api/consultant/profile/certificates/c1': () => {
        certificates = [];
        return noContent();
      },
    });
    renderApp('/consultant/edit-account/certificate-detail/all-certificate');
    expect(await screen.findByRole('heading', { name: 'Praticien en hypnose' })).toBeTruthy();
    expect(screen.getByText(/n° H-42/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modifier Praticien en hypnose' }).getAttribute('href')).toBe(
      '/consultant/edit-account/certificate-detail/edit/c1',
    );
    expect(screen.getByRole('link', { name: 'Ajouter un certificat' }).getAttribute('href')).toBe(
      '/consultant/edit-account/add-certificate',
    );
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Supprimer Praticien en hypnose' }));
    expect(fetch.calls('DELETE', '/api/consultant/profile/certificates/c1')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('« Praticien en hypnose » a été supprimé.')).toBeTruthy();
    expect(await screen.findByText('Aucun certificat pour l’instant.')).toBeTruthy();
  });

  it('under review: the forms cannot be saved and say why', async () => {
    setup(() => completeProfile({ status: 'submitted' }));
    renderApp('/consultant/edit-account/basic-profile');
    expect(await screen.findByText(/Votre profil est en cours d’examen : il ne peut pas être modifié/)).toBeTruthy();
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('consultant dashboard', () => {
  it('tells an unapproved consultant what is missing and that appointments start after approval', async () => {
    setup(() => newProfile());
    renderApp('/consultant/dashboard');
    expect(await screen.findByRole('heading', { name: 'Votre profil d’expert' })).toBeTruthy();
    expect(
      screen.getByText('Vous recevrez des rendez-vous une fois votre profil approuvé par notre équipe.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compléter Documents' }).getAttribute('href')).toBe(
      '/consultant/edit-account/document',
    );
    // Only what is missing: the basic profile is done, certificates are optional.
    expect(screen.queryByRole('link', { name: /Profil de base/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Certificats/ })).toBeNull();
  });

  it('shows the rejection reason, or that the profile is under review', async () => {
    let profile = completeProfile({ status: 'rejected', rejection_reason: 'Casier judiciaire trop ancien.' });
    setup(() => profile);
    const first = renderApp('/consultant/dashboard');
    expect(await screen.findByText('Casier judiciaire trop ancien.')).toBeTruthy();
    first.unmount();

    // Still shown while the consultant fixes the profile after the rejection.
    profile = completeProfile({ status: 'in_progress', rejection_reason: 'Casier judiciaire trop ancien.' });
    const fixing = renderApp('/consultant/dashboard');
    expect(await screen.findByText('Casier judiciaire trop ancien.')).toBeTruthy();
    fixing.unmount();

    profile = completeProfile({ status: 'submitted' });
    renderApp('/consultant/dashboard');
    expect(await screen.findByText(/Notre équipe examine votre profil/)).toBeTruthy();
  });

  it('says nothing more once the profile is approved', async () => {
    setup(() => completeProfile({ status: 'approved' }));
    renderApp('/consultant/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Votre profil d’expert' })).toBeNull());
  });
});

describe('my profile', () => {
  it('shows every section read-only with names from the reference lists', async () => {
    setup(() => completeProfile());
    renderApp('/consultant/my-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
    expect(await screen.findByText('Lyon')).toBeTruthy();
    expect(screen.getByText('FR7630006000011234567890189')).toBeTruthy();
    expect(screen.getByText('60,00 €')).toBeTruthy();
    expect(await screen.findByText('Hypnose')).toBeTruthy();
    expect(screen.getByText('45 minutes')).toBeTruthy();
    // In the progress list and on the section itself.
    const links = screen.getAllByRole('link', { name: 'Modifier Coordonnées bancaires' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/consultant/edit-account/bank-detail',
      '/consultant/edit-account/bank-detail',
    ]);
  });
});

describe('consultant profile routes', () => {
  it.each([
    ['/consultant/my-profile', 'Mon profil'],
    ['/consultant/edit-account', 'Modifier le compte'],
    ['/consultant/edit-account/basic-profile', 'Profil de base'],
    ['/consultant/edit-account/address-detail', 'Adresse'],
    ['/consultant/edit-account/education-detail', 'Formation'],
    ['/consultant/edit-account/profile-detail', 'Détails du profil'],
    ['/consultant/edit-account/document', 'Documents'],
    ['/consultant/edit-account/bank-detail', 'Coordonnées bancaires'],
    ['/consultant/edit-account/certificate-detail', 'Certificats'],
    ['/consultant/edit-account/certificate-detail/all-certificate', 'Certificats'],
    ['/consultant/edit-account/add-certificate', 'Ajouter un certificat'],
    ['/consultant/Edit-Account/Certificate-Detail/edit/c1', 'Modifier le certificat'],
  ])('%s shows its page, the profile menu group open', async (path, title) => {
    setup(() => completeProfile());
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mon profil' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('the document page offers the contract template and PDF-only upload', async () => {
    setup(() => newProfile());
    renderApp('/consultant/edit-account/document');
    const template = await screen.findByRole('link', { name: 'Télécharger le modèle de contrat (PDF)' });
    expect(template.getAttribute('href')).toBe('/api/public/documents/consultant-contract.pdf');
    expect(screen.getByLabelText(/Contrat rempli/).getAttribute('accept')).toBe('application/pdf,.pdf');
  });
});

describe('consultant profile: accessibility and languages', () => {
  it('moves focus to the first field to fix after a refused save', async () => {
    setup(() => newProfile(), {
      'PUT /api/consultant/profile/documents': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          id_number: 'Ce champ est invalide.',
        }),
    });
    renderApp('/consultant/edit-account/document');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    // The first invalid control is the contract upload (nothing chosen yet).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Contrat rempli/)));
  });

  it('speaks English when the interface does', async () => {
    setup(() => completeProfile({ status: 'rejected', rejection_reason: 'Blurred scan.' }));
    renderApp('/consultant/edit-account');
    await screen.findByRole('heading', { level: 1, name: 'Modifier le compte' });
    await user().click(screen.getByRole('button', { name: /English/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit account' })).toBeTruthy();
    expect(screen.getByText('Required sections complete: 6 of 6')).toBeTruthy();
    expect(screen.getByText('Blurred scan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Bank details' })).toBeTruthy();
  });
});
