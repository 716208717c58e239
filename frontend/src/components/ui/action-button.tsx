import type { ButtonHTMLAttributes, ReactNode } from 'react';

type ActionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** The request runs: the button says so (`aria-busy`, `pendingLabel`) and cannot be pressed again. */
  pending: boolean;
  children: ReactNode;
  /** The label while pending (e.g. « Enregistrement… »); the usual label otherwise. */
  pendingLabel?: ReactNode;
};

/**
 * The button of every action that sends a request (a form's submit, a row's command): disabled and
 * `aria-busy` while the request runs, so it shows progress and is never pressed twice.
 */
export function ActionButton({ pending, pendingLabel, children, disabled, className = 'btn', type = 'submit', ...rest }: ActionButtonProps) {
  return (
    <button {...rest} type={type} className={className} disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
