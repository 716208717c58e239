import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionButton } from './action-button';
import { Dialog, DialogActions } from './dialog';
import listStyles from './list.module.css';

type Props = {
  /** The row is in the trash: it can only be restored. */
  trashed: boolean;
  /** Prefix of the list's texts: `edit`, `trash`, `restore`, their `…Named` forms, `cancel` and `confirmTrash`. */
  texts: string;
  /** What the `…Named` labels interpolate (e.g. `{ title }`): each button names its row to screen readers. */
  named: Record<string, string>;
  /** Where the row is edited; no « Edit » link without it. */
  editTo?: string;
  /** The confirmation dialog's title and question. */
  confirm: { title: string; text: string };
  /** Sends the trash request; `close` is for its success only: on a failure the dialog stays open. */
  onTrash: (close: () => void) => void;
  trashPending: boolean;
  onRestore: () => void;
  /** This row's restore request runs. */
  restorePending: boolean;
};

/**
 * The actions cell of an admin list's row: « Edit » and « Trash » (once confirmed in a dialog), or in
 * the trash « Restore ». The mutations announce their outcome (meta.feedback); closing the dialog
 * returns focus to the trash button.
 */
export function RowActions({ trashed, texts, named, editTo, confirm, onTrash, trashPending, onRestore, restorePending }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);

  if (trashed) {
    return (
      <ActionButton
        type="button"
        className="btn btn-secondary btn-small"
        pending={restorePending}
        aria-label={t(`${texts}.restoreNamed`, named)}
        onClick={onRestore}
      >
        {t(`${texts}.restore`)}
      </ActionButton>
    );
  }
  return (
    <div className={listStyles.actions}>
      {editTo && (
        <Link className="btn btn-secondary btn-small" to={editTo} aria-label={t(`${texts}.editNamed`, named)}>
          {t(`${texts}.edit`)}
        </Link>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={t(`${texts}.trashNamed`, named)}
        onClick={() => setConfirming(true)}
      >
        {t(`${texts}.trash`)}
      </button>
      {confirming && (
        <Dialog title={confirm.title} onClose={close}>
          <p>{confirm.text}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t(`${texts}.cancel`)}
            </button>
            <ActionButton type="button" pending={trashPending} onClick={() => onTrash(close)}>
              {t(`${texts}.confirmTrash`)}
            </ActionButton>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
