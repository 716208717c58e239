import styles from './form.module.css';

/** Layout classes for forms built from these fields. */
export const formStyles = {
  row: styles.row,
  rowNarrowFirst: `${styles.row} ${styles.rowNarrowFirst}`,
  fieldset: styles.fieldset,
  legend: styles.legend,
  actions: styles.actions,
  error: styles.error,
  hint: styles.hint,
};
