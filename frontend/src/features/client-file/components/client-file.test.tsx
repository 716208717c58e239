import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { ConsentForm } from '../api/consent-form';
import type { GeneralInfoAnswer } from '../api/general-info';
import type { HealthAssessment } from '../api/health-assessment';
import { savedAssessment } from '../testing/client-file-fixtures';

const noContent = () => new Response(null, { status: 204 });
const user = () => userEvent.setup({ delay: null });
const CLIENT = '0190a0a0-0000-7000-8000-000000000001';
const KEY = `subjects/${CLIENT}/f1.pdf`;

const signedIn = (handlers: Record<string, StubHandler>) =>
  stubFetch({ 'GET /api/client/session': () => json(sessionFor('client')), ...handlers });

const noAnswers: HealthAssessment = { client_id: CLIENT, saved_at: null, share_with_experts: false, answers: null };

const savedAnswers = savedAssessment(CLIENT, { allergies: 'Pollen' });

describe('client file: consent form', () => {
  it('says the form is missing, offers the template in French, uploads the PDF and records it', async () => {
    let consent: ConsentForm = { uploaded: false, uploaded_at: null, file_key: null };
    const fetch = signedIn({
      'GET /api/client/consent-form': () => json(consent),
      'POST /api/client/files': () =>
        json({ key: KEY, content_type: 'application/pdf', size: 2048, name: 'consent_form.pdf' }, { status: 201 }),
      'PUT /api/client/consent-form': () => {
        consent = { uploaded: true, uploaded_at: '2026-11-20T09:00:00Z', file_key: KEY };
        return noContent();
      },
    });
    renderApp('/client/consent-form-doc');
    // The first render loads the area's lazy chunks and texts.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Formulaire de consentement' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText(/Aucun formulaire de consentement n’est enregistré/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger le formulaire de consentement (PDF)' }).getAttribute('href')).toBe(
      '/api/public/consent-form-template?lang=fr',
    );
    const input = await screen.findByLabelText(/Formulaire rempli et signé/);
    expect(input.getAttribute('accept')).toBe('application/pdf,.pdf');
    const send = screen.getByRole('button', { name: 'Envoyer le formulaire' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    const u = user();
    await u.upload(input, new File(['%PDF-1.4'], 'signe.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/Fichier : signe.pdf/)).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/files')[0].url.searchParams.get('kind')).toBe('consent_form');
    await u.click(screen.getByRole('button', { name: 'Envoyer le formulaire' }));

    expect(await screen.findByText(/Votre formulaire de consentement signé est enregistré/)).toBeTruthy();
    expect(fetch.calls('PUT', '/api/client/consent-form')[0].body).toEqual({ file_key: KEY });
    expect(screen.getByRole('link', { name: /Voir le formulaire envoyé/ }).getAttribute('href')).toBe(
      `/api/client/files/${KEY}`,
    );
  });

  it('shows the server’s refusal of the file on the field', async () => {
    signedIn({
      'GET /api/client/consent-form': () => json({ uploaded: false, uploaded_at: null, file_key: null }),
      'POST /api/client/files': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          file: 'Type de fichier non accepté. Formats acceptés : PDF.',
        }),
    });
    renderApp('/client/consent-form-doc');
    const input = await screen.findByLabelText(/Formulaire rempli et signé/);
    await user().upload(input, new File(['\x89PNG'], 'faux.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Type de fichier non accepté. Formats acceptés : PDF.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('client file: health assessment', () => {
  it('checks the required answers, saves them and shows the saved document', async () => {
    let assessment = noAnswers;
    const fetch = signedIn({
      'GET /api/client/health-assessment': () => json(assessment),
      'PUT /api/client/health-assessment': (request) => {
        const body = request.body as Record<string, unknown>;
        const { share_with_experts, ...answers } = body;
        assessment = {
          client_id: CLIENT,
          saved_at: '2026-11-20T09:00:00Z',
          share_with_experts: Boolean(share_with_experts),
          answers: answers as HealthAssessment['answers'],
        };
        return noContent();
      },
    });
    renderApp('/client/health-assesment');
    const u = user();
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    await u.click(save);
    expect((await screen.findAllByText('Ce champ est obligatoire.')).length).toBe(5);
    expect(fetch.calls('PUT', '/api/client/health-assessment')).toHaveLength(0);

    await u.type(screen.getByLabelText(/Motif de la consultation/), 'Troubles du sommeil');
    await u.type(screen.getByLabelText(/^Allergies/), 'Pollen');
    await u.selectOptions(screen.getByLabelText(/Grossesse ou allaitement/), 'Non concerné(e)');
    await u.selectOptions(screen.getByLabelText(/Qualité du sommeil/), 'Mauvaise');
    await u.selectOptions(screen.getByLabelText(/Niveau de stress/), 'Élevé');
    await u.selectOptions(screen.getByLabelText(/^Alimentation/), 'Végétarienne');
    await u.click(screen.getByLabelText(/Je partage ce bilan/));
    await u.click(save);

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon bilan de santé' })).toBeTruthy();
    expect(fetch.calls('PUT', '/api/client/health-assessment')[0].body).toEqual({
      reason: 'Troubles du sommeil',
      current_treatments: '',
      allergies: 'Pollen',
      medical_history: '',
      pregnancy: 'not_applicable',
      sleep: 'poor',
      stress: 'high',
      diet: 'vegetarian',
      lifestyle_notes: '',
      share_with_experts: true,
    });
    expect(screen.getByText('Troubles du sommeil')).toBeTruthy();
    expect(screen.getByText('Mauvaise')).toBeTruthy();
    expect(screen.getByText('Végétarienne')).toBeTruthy();
  });

  it('puts the server’s field errors on the fields', async () => {
    signedIn({
      'GET /api/client/health-assessment': () => json(savedAnswers),
      'PUT /api/client/health-assessment': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          reason: 'Ce champ ne doit pas dépasser 2000 caractères.',
        }),
    });
    renderApp('/client/health-assesment');
    const reason = await screen.findByLabelText(/Motif de la consultation/);
    expect((reason as HTMLTextAreaElement).value).toBe('Troubles du sommeil');
    await user().click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ ne doit pas dépasser 2000 caractères.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
  });

  it('the document says when nothing is filled in and links to the form', async () => {
    signedIn({ 'GET /api/client/health-assessment': () => json(noAnswers) });
    renderApp('/client/health-assessment-doc');
    expect(await screen.findByText("Vous n’avez pas encore rempli votre bilan de santé.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Remplir le bilan de santé' }).getAttribute('href')).toBe(
      '/client/health-assesment',
    );
  });

  it('speaks English when the interface does', async () => {
    signedIn({ 'GET /api/client/health-assessment': () => json(savedAnswers) });
    renderApp('/client/health-assessment-doc');
    await screen.findByRole('heading', { level: 1, name: 'Mon bilan de santé' });
    await user().click(screen.getByRole('button', { name: /English/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My health assessment' })).toBeTruthy();
    expect(screen.getByText('Sleep quality')).toBeTruthy();
    expect(screen.getByText('Poor')).toBeTruthy();
  });
});

describe('client file: general information', () => {
  it('checks measures, sends numbers and shows the server’s field errors', async () => {
    const empty: GeneralInfoAnswer = { client_id: CLIENT, saved_at: null, info: null };
    const fetch = signedIn({
      'GET /api/client/general-info': () => json(empty),
      'PUT /api/client/general-info': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          emergency_contact_number: 'Numéro de téléphone invalide.',
        }),
    });
    renderApp('/client/general-info');
    const u = user();
    const height = await screen.findByLabelText(/Taille \(cm\)/);
    await u.type(height, '20');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saisissez un nombre entre 50 et 250.')).toBeTruthy();
    await u.clear(height);
    await u.type(height, '168');
    await u.type(screen.getByLabelText(/Nom de la personne à prévenir/), 'Louis Martin');
    await u.type(screen.getByLabelText(/Téléphone de la personne à prévenir/), '12');
    await u.selectOptions(screen.getByLabelText(/Comment nous avez-vous connus/), 'Un proche');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Numéro de téléphone invalide.')).toBeTruthy();
    expect(fetch.calls('PUT', '/api/client/general-info')[0].body).toEqual({
      occupation: '',
      height_cm: 168,
      weight_kg: null,
      emergency_contact_name: 'Louis Martin',
      emergency_contact_isd_code: '+33',
      emergency_contact_number: '12',
      referral_source: 'friend_or_family',
    });
  });
});

describe('client file: menu and admin view', () => {
  it('the client menu links to the consent form, the health assessment and general information', async () => {
    signedIn({ 'GET /api/client/general-info': () => json({ client_id: CLIENT, saved_at: null, info: null }) });
    renderApp('/client/general-info');
    const nav = await screen.findByRole('navigation', { name: /menu|Menu/ });
    expect(within(nav).getByRole('link', { name: 'Formulaire de consentement' }).getAttribute('href')).toBe(
      '/client/consent-form-doc',
    );
    expect(within(nav).getByRole('link', { name: 'Bilan de santé' }).getAttribute('href')).toBe(
      '/client/health-assessment-doc',
    );
    expect(within(nav).getByRole('link', { name: 'Informations générales' })).toBeTruthy();
  });
});
