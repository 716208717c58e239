import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './row-actions';

const user = () => userEvent.setup({ delay: null });

// The blog's texts: « Modifier », « Mettre à la corbeille », « Restaurer »… naming the post.
const renderActions = (props: Partial<ComponentProps<typeof RowActions>> = {}) => {
  const all: ComponentProps<typeof RowActions> = {
    trashed: false,
    texts: 'adminBlog',
    named: { title: 'Bien dormir' },
    editTo: '/admin/edit-blog/p1',
    confirm: { title: 'Mettre cet article à la corbeille ?', text: 'L’article « Bien dormir » ira à la corbeille.' },
    onTrash: vi.fn(),
    trashPending: false,
    onRestore: vi.fn(),
    restorePending: false,
    ...props,
  };
  render(
    <MemoryRouter>
      <RowActions {...all} />
    </MemoryRouter>,
  );
  return all;
};

describe('RowActions', () => {
  it('links to the edit screen and trashes only once confirmed; cancelling returns focus to the trash button', async () => {
    const props = renderActions();
    expect(screen.getByRole('link', { name: 'Modifier « Bien dormir »' }).getAttribute('href')).toBe('/admin/edit-blog/p1');
    expect(screen.queryByRole('button', { name: /Restaurer/ })).toBeNull();
    const trash = screen.getByRole('button', { name: 'Mettre à la corbeille « Bien dormir »' });
    const u = user();

    await u.click(trash);
    const dialog = await screen.findByRole('dialog', { name: 'Mettre cet article à la corbeille ?' });
    expect(within(dialog).getByText('L’article « Bien dormir » ira à la corbeille.')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trash));
    expect(props.onTrash).not.toHaveBeenCalled();

    await u.click(trash);
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mettre à la corbeille' }));
    expect(props.onTrash).toHaveBeenCalledTimes(1);
    // Open until the request succeeds: its `close` is called then.
    expect(screen.getByRole('dialog')).toBeTruthy();
    const close = vi.mocked(props.onTrash).mock.calls[0][0];
    close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the confirmation busy while the trash request runs', async () => {
    renderActions({ trashPending: true });
    await user().click(screen.getByRole('button', { name: 'Mettre à la corbeille « Bien dormir »' }));
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mettre à la corbeille' });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm).toHaveProperty('disabled', true);
  });

  it('has no edit link without a screen for it', () => {
    renderActions({ editTo: undefined });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mettre à la corbeille « Bien dormir »' })).toBeTruthy();
  });

  it('in the trash, only restores', async () => {
    const props = renderActions({ trashed: true });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /corbeille/ })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Restaurer « Bien dormir »' }));
    expect(props.onRestore).toHaveBeenCalledTimes(1);
  });

  it('in the trash, the restore button is busy while its request runs', () => {
    renderActions({ trashed: true, restorePending: true });
    const restore = screen.getByRole('button', { name: 'Restaurer « Bien dormir »' });
    expect(restore.getAttribute('aria-busy')).toBe('true');
    expect(restore).toHaveProperty('disabled', true);
  });
});
