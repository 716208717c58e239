import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { loadSignUpTexts } from '@/lib/i18n';
import { OtpField } from './otp-field';
import { useOtpCode, type OtpRequestAnswer } from './use-otp-code';

const serverError = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message, fromServer: true });

type HarnessProps = {
  request: () => Promise<OtpRequestAnswer>;
  check: (code: string) => Promise<{ proof: string }>;
  keep?: (proof: string) => void;
  verified?: boolean;
};

// The codes' texts come with the sign-up's later steps (their own catalogue).
beforeAll(() => loadSignUpTexts());

/** The shared part alone, as a channel wrapper uses it (no form around). */
function Harness({ request, check, keep = () => undefined, verified = false }: HarnessProps) {
  const otp = useOtpCode('+33 612345678');
  return (
    <OtpField
      otp={otp}
      title={<span>Numéro</span>}
      verified={verified}
      sendLabel="Recevoir un code par SMS"
      onSend={() => void otp.send(request, 'Code envoyé')}
      codeLabel="Code reçu par SMS"
      codeHint={`Envoyé au ${otp.sentTo}`}
      onVerify={() => void otp.verify(check, keep, 'Numéro vérifié')}
    >
      <span>+33 612345678</span>
    </OtpField>
  );
}

describe('OtpField', () => {
  it('sends a code, waits before resending, and hands the verified proof over', async () => {
    const request = vi.fn(() => Promise.resolve({ resend_after_seconds: 30 }));
    const check = vi.fn(() => Promise.resolve({ proof: 'signed' }));
    const keep = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<Harness request={request} check={check} keep={keep} />);

    expect(screen.queryByLabelText('Code reçu par SMS')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Recevoir un code par SMS' }));
    const resend = await screen.findByRole('button', { name: /Renvoyer dans \d+ s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);

    const code = screen.getByLabelText('Code reçu par SMS');
    expect(code.getAttribute('aria-describedby')).toBe(screen.getByText('Envoyé au +33 612345678').id);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(keep).toHaveBeenCalledWith('signed'));
    expect(check).toHaveBeenCalledWith('123456');

    // Once the caller says it is verified: the status replaces the button, the code entry goes.
    rerender(<Harness request={request} check={check} keep={keep} verified />);
    expect(screen.getByRole('status').textContent).toMatch(/Vérifiée$/);
    expect(screen.queryByRole('button', { name: /Renvoyer/ })).toBeNull();
    expect(screen.queryByLabelText('Code reçu par SMS')).toBeNull();
  });

  it('offers to resend at once when the server asks for no delay', async () => {
    const request = vi.fn(() => Promise.resolve({ resend_after_seconds: 0 }));
    const user = userEvent.setup({ delay: null });
    render(<Harness request={request} check={() => Promise.resolve({ proof: 'p' })} />);

    await user.click(screen.getByRole('button', { name: 'Recevoir un code par SMS' }));
    await user.click(await screen.findByRole('button', { name: 'Renvoyer le code' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
  });

  it('refuses a code that is not six digits without asking the server, and marks the input invalid', async () => {
    const check = vi.fn(() => Promise.resolve({ proof: 'p' }));
    const user = userEvent.setup({ delay: null });
    render(<Harness request={() => Promise.resolve(undefined)} check={check} />);

    await user.click(screen.getByRole('button', { name: 'Recevoir un code par SMS' }));
    const code = await screen.findByLabelText('Code reçu par SMS');
    await user.type(code, '12a{Enter}');
    const error = await screen.findByText('Saisissez le code à 6 chiffres.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain(error.id);
    expect(check).not.toHaveBeenCalled();
  });

  it('shows why sending or checking failed, and no verified status', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(
      <Harness
        request={() => Promise.reject(serverError(429, 'otp_resend_too_soon', 'Patientez avant de redemander un code.'))}
        check={() => Promise.resolve({ proof: 'p' })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Recevoir un code par SMS' }));
    expect(await screen.findByText('Patientez avant de redemander un code.')).toBeTruthy();
    expect(screen.queryByLabelText('Code reçu par SMS')).toBeNull();
    unmount();

    render(
      <Harness
        request={() => Promise.resolve(undefined)}
        check={() => Promise.reject(serverError(400, 'otp_invalid', 'Code incorrect.'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Recevoir un code par SMS' }));
    await user.type(await screen.findByLabelText('Code reçu par SMS'), '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Code incorrect.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
