import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { directoryReferenceHandlers, expertCard } from '@/testing/experts';
import { json, stubFetch } from '@/testing/fetch-stub';
import { changeLanguage } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';

/** The public profile, plus private data a faulty server might leak: none of it may show. */
const detail = {
  ...expertCard('e1'),
  video_url: 'https://video.example.org/intro',
  years_of_experience: 12,
  bio: 'Naturopathe depuis douze ans.',
  background: 'Publications sur le sommeil.',
  expertise: 'Gestion du stress et du sommeil.',
  keywords: [{ id: 'k1', name_fr: 'Sommeil', name_en: 'Sleep' }],
  objectives: [{ id: 'o1', name_fr: 'Mieux dormir', name_en: 'Sleep better' }],
  degrees: [{ name: 'Diplôme de naturopathie', school: 'CENATHO', year: 2012 }],
  certificates: [{ name: 'Certificat en réflexologie', school: 'École de Lyon', year: 2016 }],
  iban: 'FR7630006000011234567890189',
  swift_bic: 'AGRIFRPP',
  account_holder: 'Inès Roux',
  id_number: 'ID-998877',
  email: 'ines.roux@example.org',
  contact_number: '612345678',
  street_name: 'Rue Secrète',
  bank: { iban: 'FR7630006000011234567890189' },
  documents: { id_number: 'ID-998877' },
};

describe('expert detail', () => {
  it('shows the whole public profile, and never bank, ID, address or contact data', async () => {
    stubFetch({ ...directoryReferenceHandlers, 'GET /api/public/experts/e1': () => json(detail),
      'GET /api/public/experts/e1/slots': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, slots: [] }),
    });
    renderApp('/our-experts/details/e1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr Inès Roux e1' })).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Photo de Dr Inès Roux e1' });
    expect(photo.getAttribute('width')).toBe('200');
    expect(screen.getByText('Naturopathe')).toBeTruthy();
    expect(screen.getByText((_, node) => node?.tagName === 'DD' && /^60,50\s€$/.test(node.textContent ?? ''))).toBeTruthy();
    expect(screen.getByText('50 min')).toBeTruthy();
    expect(await screen.findByText('Français, Anglais')).toBeTruthy();
    expect(screen.getByText('12 ans')).toBeTruthy();
    expect(screen.getByText('Première consultation offerte')).toBeTruthy();
    for (const [heading, text] of [
      ['Présentation', 'Naturopathe depuis douze ans.'],
      ['Parcours et publications', 'Publications sur le sommeil.'],
      ['Expertise', 'Gestion du stress et du sommeil.'],
      ['Spécialités', 'Naturopathie'],
      ['Troubles', 'Anxiété'],
      ['Objectifs', 'Mieux dormir'],
      ['Mots-clés', 'Sommeil'],
      ['Diplômes', 'Diplôme de naturopathie — CENATHO (2012)'],
      ['Certificats', 'Certificat en réflexologie — École de Lyon (2016)'],
    ]) {
      const section = within(screen.getByRole('main')).getByRole('heading', { level: 2, name: heading }).closest('section')!;
      expect(within(section).getByText(text)).toBeTruthy();
    }
    const video = screen.getByRole('link', { name: /Voir la vidéo de présentation/ });
    expect(video.getAttribute('href')).toBe('https://video.example.org/intro');
    expect(video.getAttribute('rel')).toBe('noopener noreferrer');
    // The booking button leads to the slot picker on the page.
    expect(screen.getByRole('link', { name: 'Réserver une consultation' }).getAttribute('href')).toBe('#slots');
    expect(screen.getByRole('button', { name: 'Ajouter Dr Inès Roux e1 aux favoris' })).toBeTruthy();

    const text = screen.getByRole('main').textContent ?? '';
    for (const secret of ['FR76', 'AGRIFRPP', 'ID-998877', 'ines.roux@example.org', '612345678', 'Rue Secrète']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/IBAN|SWIFT|pièce d’identité/i);
  });

  it('shows the expert’s English texts in English, and the French ones marked as French where there are none', async () => {
    stubFetch({
      ...directoryReferenceHandlers,
      'GET /api/public/experts/e1': () =>
        json({ ...detail, bio_en: 'Naturopath for twelve years.', background_en: null, expertise_en: null }),
      'GET /api/public/experts/e1/slots': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, slots: [] }),
    });
    await changeLanguage('en');
    renderApp('/our-experts/details/e1');
    await screen.findByRole('heading', { level: 1, name: 'Dr Inès Roux e1' });
    const section = async (name: string) =>
      (await within(screen.getByRole('main')).findByRole('heading', { level: 2, name })).closest('section')!;
    const bio = await section('About');
    expect(within(bio).getByText('Naturopath for twelve years.').getAttribute('lang')).toBe('en');
    expect(within(bio).queryByText('Written in French.')).toBeNull();
    expect(within(bio).queryByText('Naturopathe depuis douze ans.')).toBeNull();
    const background = await section('Background and publications');
    expect(within(background).getByText('Written in French.')).toBeTruthy();
    expect(within(background).getByText('Publications sur le sommeil.').getAttribute('lang')).toBe('fr');
  });

  it('shows the not-found page for an expert who is not listed', async () => {
    stubFetch(directoryReferenceHandlers);
    renderApp('/our-experts/details/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });
});
