import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { toMinor } from '../api/coupon-form';

const admin = { 'GET /api/admin-panel/session': () => json(sessionFor('admin')) };

describe('admin coupons', () => {
  it('reads amounts without floats', () => {
    expect(toMinor('10,50', 'EUR')).toBe(1050);
    expect(toMinor('0.1', 'EUR')).toBe(10);
    expect(toMinor('1.234', 'EUR')).toBeNull();
    expect(toMinor('abc', 'EUR')).toBeNull();
  });

  it('creates a fixed-amount coupon; a taken code shows the server’s reason on the field', async () => {
    let attempts = 0;
    const fetch = stubFetch({
      ...admin,
      'POST /api/admin-panel/coupons': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(409, 'coupon_code_taken', 'Ce code est déjà utilisé.')
          : json({ coupon_id: 'c1' }, { status: 201 });
      },
      'GET /api/admin-panel/coupons': () => json({ items: [], total: 0, page: 1, page_size: 20 }),
    });
    const { router } = renderApp('/admin/add-coupon');
    const u = userEvent.setup({ delay: null });
    await u.type(await screen.findByLabelText(/^Code/), 'hiver10');
    await u.selectOptions(screen.getByLabelText(/Type de remise/), 'Montant fixe');
    await u.type(screen.getByLabelText(/^Montant/), '10,50');
    await u.type(screen.getByLabelText(/Valable à partir du/), '2030-01-01');
    await u.type(screen.getByLabelText(/Valable jusqu’au/), '2029-12-31');
    await u.click(screen.getByRole('button', { name: 'Créer le code promo' }));
    expect(await screen.findByText('La fin doit être le même jour ou après le début.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/coupons')).toEqual([]);
    await u.clear(screen.getByLabelText(/Valable jusqu’au/));
    await u.type(screen.getByLabelText(/Valable jusqu’au/), '2030-01-31');
    await u.click(screen.getByRole('button', { name: 'Créer le code promo' }));
    expect(await screen.findByText('Ce code est déjà utilisé.')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/coupons')[0].body).toEqual({
      code: 'HIVER10',
      kind: 'fixed',
      amount: { amount_minor: 1050, currency: 'EUR' },
      valid_from: '2030-01-01T00:00:00Z',
      valid_until: '2030-01-31T23:59:59Z',
      max_uses: 100,
      max_uses_per_client: 1,
    });
    await u.click(screen.getByRole('button', { name: 'Créer le code promo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/view-coupon'));
  });

  it('lists coupons with their uses and disables one', async () => {
    let disabled = false;
    const fetch = stubFetch({
      ...admin,
      'GET /api/admin-panel/coupons': () =>
        json({
          items: [
            {
              id: 'c1',
              code: 'HIVER10',
              kind: 'percent',
              percent: 10,
              amount: null,
              valid_from: '2030-01-01T00:00:00Z',
              valid_until: '2030-01-31T23:59:59Z',
              max_uses: 100,
              max_uses_per_client: 1,
              uses: 3,
              disabled,
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        }),
      'POST /api/admin-panel/coupons/c1/disable': () => {
        disabled = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/view-coupon');
    expect(await screen.findByText('3 / 100 (max. 1 par client)')).toBeTruthy();
    expect(screen.getByText('10 %')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Désactiver HIVER10' }));
    expect(await screen.findByText('Code promo HIVER10 désactivé.')).toBeTruthy();
    expect(await screen.findByText('Désactivé')).toBeTruthy();
    expect(fetch.calls('POST', '/api/admin-panel/coupons/c1/disable')).toHaveLength(1);
  });
});
