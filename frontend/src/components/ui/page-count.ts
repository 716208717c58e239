/** Number of pages of a list envelope (`{total, page_size}`), at least 1. */
export const pageCountOf = (data: { total: number; page_size: number } | undefined) =>
  data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.page_size))) : 1;
