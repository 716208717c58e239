import { describe, expect, it } from 'vitest';
import { formatPriceInput, parsePrice } from './money';
import { isPlausibleIban } from './save-bank';

describe('prices typed by consultants', () => {
  it.each([
    ['60', 'EUR', 6000],
    ['60,50', 'EUR', 6050],
    ['60,5', 'EUR', 6050],
    ['60.05', 'EUR', 6005],
    [' 1 200,5 ', 'EUR', 120050],
    ['0', 'EUR', 0],
    ['30000', 'XOF', 30000],
  ])('reads %s %s as %i minor units', (raw, currency, minor) => {
    expect(parsePrice(raw, currency)).toBe(minor);
  });

  it.each([
    ['60,505', 'EUR'],
    ['abc', 'EUR'],
    ['-5', 'EUR'],
    ['', 'EUR'],
    ['6,0,0', 'EUR'],
    ['300,5', 'XOF'],
  ])('refuses %s %s', (raw, currency) => {
    expect(parsePrice(raw, currency)).toBeNull();
  });

  it('shows a saved price again with the decimal mark of the language', () => {
    expect(formatPriceInput(6050, 'EUR', 'fr')).toBe('60,50');
    expect(formatPriceInput(6005, 'EUR', 'en')).toBe('60.05');
    expect(formatPriceInput(30000, 'XOF', 'fr')).toBe('30000');
  });
});

describe('IBAN check mirrored from the server', () => {
  it('accepts IBANs with a good checksum, spaced or not', () => {
    expect(isPlausibleIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isPlausibleIban('de89370400440532013000')).toBe(true);
  });

  it('refuses a wrong checksum or a malformed number', () => {
    expect(isPlausibleIban('FR7630006000011234567890188')).toBe(false);
    expect(isPlausibleIban('FR76300060')).toBe(false);
    expect(isPlausibleIban('1234567890123456')).toBe(false);
  });
});
