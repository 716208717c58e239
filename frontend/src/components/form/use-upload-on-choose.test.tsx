import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, useFormikContext } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { FieldMessages } from './field-messages';
import type { UploadedFile } from './file-upload';
import { useUploadOnChoose } from './use-upload-on-choose';

const user = () => userEvent.setup({ delay: null });
const STORED = { key: 'subjects/admin/c1.png', content_type: 'image/png', size: 3, name: 'catalogue_image.png' };

/** The hook's control, its messages, the form's values and a « clear » button. */
function Harness({ onUploaded, urlName }: { onUploaded?: (file: UploadedFile) => void; urlName?: string }) {
  const upload = useUploadOnChoose({
    name: 'image',
    kind: 'catalogue_image',
    role: 'admin',
    urlName,
    hint: (formats, max) => `Formats ${formats}, ${max} MiB`,
    tooLarge: (max) => `Over ${max} MiB`,
    onUploaded,
  });
  const { values, touched } = useFormikContext<{ image: string; image_url: string }>();
  return (
    <>
      <label htmlFor={upload.id}>Picture</label>
      <input {...upload.inputProps} />
      <p id={upload.statusId}>{upload.busy ? 'sending' : 'idle'}</p>
      <FieldMessages {...upload.messages} />
      <output aria-label="values">{JSON.stringify({ ...values, touched: touched.image ?? false })}</output>
      <button type="button" onClick={upload.clear}>
        clear
      </button>
    </>
  );
}

const renderField = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <Formik initialValues={{ image: 'old.png', image_url: '/old.png' }} onSubmit={() => undefined}>
      <Harness {...props} />
    </Formik>,
  );
const values = () => JSON.parse(screen.getByLabelText('values').textContent ?? '{}') as Record<string, unknown>;
const png = (bytes = 3, name = 'photo.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('useUploadOnChoose', () => {
  it('uploads the chosen file at once: busy meanwhile, then the form keeps its key and where it is read', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = stubFetch({ 'POST /api/admin-panel/files': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const onUploaded = vi.fn();
    renderField({ onUploaded, urlName: 'image_url' });
    const input = screen.getByLabelText('Picture');
    expect(input.getAttribute('accept')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
    expect(screen.getByText('Formats JPG, PNG, 2 MiB')).toBeTruthy();
    const hintId = screen.getByText('Formats JPG, PNG, 2 MiB').id;
    const statusId = screen.getByText('idle').id;
    expect(input.getAttribute('aria-describedby')).toBe(`${hintId} ${statusId}`);

    await user().upload(input, png());
    expect(screen.getByText('sending')).toBeTruthy();
    expect(input.getAttribute('aria-busy')).toBe('true');
    expect(input).toHaveProperty('disabled', true);
    expect(fetch.calls('POST', '/api/admin-panel/files')[0].url.searchParams.get('kind')).toBe('catalogue_image');

    answer(json(STORED, { status: 201 }));
    await waitFor(() =>
      expect(values()).toEqual({ image: STORED.key, image_url: '/api/admin-panel/files/subjects/admin/c1.png', touched: true }),
    );
    expect(screen.getByText('idle')).toBeTruthy();
    expect(input.getAttribute('aria-busy')).toBeNull();
    expect(input).toHaveProperty('disabled', false);
    // Under the name the person chose, not the server's.
    expect(onUploaded).toHaveBeenCalledWith({ ...STORED, name: 'photo.png' });
    // Emptied: the same file chosen again is sent again.
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('refuses a file over the limit without sending it, and shows the server’s reason for one it refuses', async () => {
    const fetch = stubFetch({
      'POST /api/admin-panel/files': () =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { file: 'Type de fichier non accepté.' }),
    });
    renderField({ urlName: 'image_url' });
    const input = screen.getByLabelText('Picture');
    const u = user();

    await u.upload(input, png(2 * 1024 * 1024 + 1));
    const tooLarge = screen.getByText('Over 2 MiB');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(tooLarge.id);
    expect(fetch.calls('POST', '/api/admin-panel/files')).toHaveLength(0);

    await u.upload(input, png());
    expect(await screen.findByText('Type de fichier non accepté.')).toBeTruthy();
    expect(screen.queryByText('Over 2 MiB')).toBeNull();
    expect(values()).toEqual({ image: 'old.png', image_url: '/old.png', touched: false });

    // Clearing empties the key, where it was read, and the upload's error.
    await u.click(screen.getByRole('button', { name: 'clear' }));
    await waitFor(() => expect(values()).toEqual({ image: '', image_url: '', touched: false }));
    expect(screen.queryByText('Type de fichier non accepté.')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('without a url field, only the key changes', async () => {
    stubFetch({ 'POST /api/admin-panel/files': () => json(STORED, { status: 201 }) });
    renderField();
    await user().upload(screen.getByLabelText('Picture'), png());
    await waitFor(() => expect(values()).toEqual({ image: STORED.key, image_url: '/old.png', touched: true }));
  });
});
