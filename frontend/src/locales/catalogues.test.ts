import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: i18next merges the area texts into the imported objects.
const read = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(process.cwd(), 'src/locales', file), 'utf8')) as Record<string, unknown>;
const frPublic = read('fr.json');
const enPublic = read('en.json');
const frAreas = read('areas/fr.json');
const enAreas = read('areas/en.json');
const frBooking = read('booking/fr.json');
const enBooking = read('booking/en.json');
const frComplaints = read('complaints/fr.json');
const enComplaints = read('complaints/en.json');
const frSecondFactor = read('second-factor/fr.json');
const enSecondFactor = read('second-factor/en.json');
const frContent = read('content/fr.json');
const enContent = read('content/en.json');
const frBlog = read('blog/fr.json');
const enBlog = read('blog/en.json');
const frLists = read('lists/fr.json');
const enLists = read('lists/en.json');
const frSignUp = read('sign-up/fr.json');
const enSignUp = read('sign-up/en.json');
const frHome = read('home/fr.json');
const enHome = read('home/en.json');
const frForms = read('forms/fr.json');
const enForms = read('forms/en.json');

// The public catalogue, the areas' one and the booking one are loaded separately
// but are one catalogue to the code: no key in two, and together they cover every key.
const fr = {
  ...frPublic, ...frAreas, ...frBooking, ...frComplaints, ...frSecondFactor, ...frContent, ...frBlog, ...frLists, ...frSignUp, ...frHome, ...frForms,
};
const en = {
  ...enPublic, ...enAreas, ...enBooking, ...enComplaints, ...enSecondFactor, ...enContent, ...enBlog, ...enLists, ...enSignUp, ...enHome, ...enForms,
};

/** Every leaf key of a catalogue ("a.b.c"; arrays count as leaves). */
const leafKeys = (value: unknown, prefix = ''): string[] => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('translation catalogues', () => {
  it('split public and area texts without overlap', () => {
    expect(Object.keys(frAreas).filter((key) => key in frPublic)).toEqual([]);
    expect(Object.keys(enAreas).filter((key) => key in enPublic)).toEqual([]);
    expect(Object.keys(frBooking).filter((key) => key in frPublic || key in frAreas)).toEqual([]);
    expect(Object.keys(enBooking).filter((key) => key in enPublic || key in enAreas)).toEqual([]);
    const earlier = (key: string, catalogues: Record<string, unknown>[]) => catalogues.some((c) => key in c);
    expect(Object.keys(frComplaints).filter((key) => earlier(key, [frPublic, frAreas, frBooking]))).toEqual([]);
    expect(Object.keys(enComplaints).filter((key) => earlier(key, [enPublic, enAreas, enBooking]))).toEqual([]);
    const frEarlier = [frPublic, frAreas, frBooking, frComplaints];
    const enEarlier = [enPublic, enAreas, enBooking, enComplaints];
    expect(Object.keys({ ...frSecondFactor, ...frContent }).filter((key) => earlier(key, frEarlier))).toEqual([]);
    expect(Object.keys({ ...enSecondFactor, ...enContent }).filter((key) => earlier(key, enEarlier))).toEqual([]);
    const frBefore = [...frEarlier, frSecondFactor, frContent];
    const enBefore = [...enEarlier, enSecondFactor, enContent];
    expect(Object.keys(frBlog).filter((key) => earlier(key, frBefore))).toEqual([]);
    expect(Object.keys(enBlog).filter((key) => earlier(key, enBefore))).toEqual([]);
    expect(Object.keys(frLists).filter((key) => earlier(key, [...frBefore, frBlog]))).toEqual([]);
    expect(Object.keys(enLists).filter((key) => earlier(key, [...enBefore, enBlog]))).toEqual([]);
    expect(Object.keys(frSignUp).filter((key) => earlier(key, [...frBefore, frBlog, frLists]))).toEqual([]);
    expect(Object.keys(enSignUp).filter((key) => earlier(key, [...enBefore, enBlog, enLists]))).toEqual([]);
    expect(Object.keys(frHome).filter((key) => earlier(key, [...frBefore, frBlog, frLists, frSignUp]))).toEqual([]);
    expect(Object.keys(enHome).filter((key) => earlier(key, [...enBefore, enBlog, enLists, enSignUp]))).toEqual([]);
    expect(Object.keys(frForms).filter((key) => earlier(key, [...frBefore, frBlog, frLists, frSignUp, frHome]))).toEqual([]);
    expect(Object.keys(enForms).filter((key) => earlier(key, [...enBefore, enBlog, enLists, enSignUp, enHome]))).toEqual([]);
  });

  const frKeys = leafKeys(fr);
  const enKeys = leafKeys(en);

  it('have the same keys in French and English', () => {
    expect(frKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !frKeys.includes(key))).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = (catalogue: unknown) =>
      leafKeys(catalogue).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        return value === '' || (Array.isArray(value) && value.length === 0);
      });
    expect(empty(fr)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it('contain every literal key the code uses', () => {
    const src = join(process.cwd(), 'src');
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) used.add(match[1]);
      for (const match of text.matchAll(/(?:i18nKey|labelKey|titleKey|subtitleKey)[=:]\s*["']([a-zA-Z][\w.-]*)["']/g)) used.add(match[1]);
      for (const match of text.matchAll(/'(validation\.[a-zA-Z]+)'/g)) used.add(match[1]);
    }
    // A key used with `count` exists as its plural forms (`key_one`, `key_other`).
    const isKey = (key: string) =>
      frKeys.includes(key) || frKeys.some((k) => k.startsWith(`${key}.`) || k === `${key}_other`);
    expect([...used].filter((key) => !isKey(key))).toEqual([]);
    expect(used.size).toBeGreaterThan(50);
  });

  it('keep the spec’s free first consultation message and buttons word for word', () => {
    type Booking = { booking: { freeFirst: string; bookNow: string; bookFree: string } };
    expect((en as Booking).booking.freeFirst).toBe(
      'You are eligible for a free first consultation with this expert. Click to continue.',
    );
    expect((en as Booking).booking.bookNow).toBe('Book Now');
    expect((en as Booking).booking.bookFree).toBe('Book Free');
    expect((fr as Booking).booking.freeFirst).toBe(
      'Vous pouvez bénéficier d’une première consultation gratuite avec cet expert. Cliquez pour continuer.',
    );
  });

  it('keep the spec’s e-mail OTP message word for word', () => {
    type Validation = { validation: { emailOtpRequired: string } };
    expect((en as Validation).validation.emailOtpRequired).toBe('Please verify your email OTP before proceeding');
    expect((fr as Validation).validation.emailOtpRequired).toBe('Veuillez vérifier le code OTP de votre e-mail avant de continuer');
  });
});
