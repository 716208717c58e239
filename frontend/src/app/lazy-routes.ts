import { loadAreaTexts } from '@/lib/i18n';

// The video room (WebRTC, chat) is its own chunk, with the areas' texts: reached from an area and
// from a mailed link (the public chat-room path), so both route tables name it.
export const room = () => Promise.all([import('./routes/room'), loadAreaTexts()]).then(([module]) => module);
