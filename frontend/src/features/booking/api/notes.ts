import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { dashboardKey } from './invalidate';
import type { Note } from './types';

export type NotesParams = { client_id?: string; booking_id?: string };

/** `GET /api/consultant/notes?client_id=&booking_id=`. */
export const getNotes = (params: NotesParams, signal?: AbortSignal) =>
  api.get<{ items: Note[] }>('/api/consultant/notes', { query: params, signal });

const notesKey = ['consultant-notes'] as const;

export const notesQueryOptions = (params: NotesParams) =>
  queryOptions({ queryKey: [...notesKey, params], queryFn: ({ signal }) => getNotes(params, signal) });

export const useNotes = (params: NotesParams) =>
  useQuery({ ...notesQueryOptions(params), enabled: Boolean(params.client_id || params.booking_id) });

export const NOTE_MAX = 5000;
export const noteSchema = yup.object({
  text: yup.string().trim().required('validation.required').max(NOTE_MAX, 'validation.tooLong'),
});
export type NoteValues = { text: string };

/** `POST /api/consultant/notes {booking_id?, client_id, text}` → 201 `{note_id}`. */
export const addNote = (body: { booking_id?: string; client_id: string; text: string }) =>
  api.post<{ note_id: string }>('/api/consultant/notes', body);

export const useAddNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
};
