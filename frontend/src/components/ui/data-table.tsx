import { useId, type ReactNode } from 'react';
import listStyles from './list.module.css';

/**
 * A list's table: named by a caption screen readers announce, one heading per column, the rows
 * given; on phones it scrolls sideways within its frame (or turns into labelled blocks where the
 * rows' cells carry `data-label`).
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className={listStyles.tableWrap}>
      <table className={listStyles.table} aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
