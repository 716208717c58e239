import { createContext, useContext } from 'react';
import type { Role } from '@/config/roles';

export type AreaContextValue = { role: Role; hasPageHeader: boolean };

export const AreaContext = createContext<AreaContextValue | null>(null);

/** The area (role) a page is rendered in. */
export const useArea = (): AreaContextValue => {
  const value = useContext(AreaContext);
  if (!value) throw new Error('useArea must be used inside an area layout');
  return value;
};
