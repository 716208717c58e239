import styles from './form.module.css';

type Props = { hint?: string; hintId?: string; error?: string; errorId?: string };

export function FieldMessages({ hint, hintId, error, errorId }: Props) {
  return (
    <>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </>
  );
}
