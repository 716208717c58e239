import { Field } from 'formik';
import { useId } from 'react';
import styles from './honeypot-field.module.css';

/**
 * The hidden `website` field of the public forms: a person never sees it nor reaches it (no Tab stop,
 * hidden from assistive technology), a robot fills it in and the server then keeps nothing.
 */
export function HoneypotField({ label }: { label: string }) {
  const id = useId();
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <Field id={id} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
