import { clientName } from '@/lib/erased-name';
import type { ComplaintParty } from '../api/types';

/** A party's name: a forgotten client's reads « Ancien client » (issue 14). */
export const partyName = (party: Pick<ComplaintParty, 'name' | 'role'>, t: Parameters<typeof clientName>[1]) =>
  party.role === 'client' ? clientName(party.name, t) : party.name;
