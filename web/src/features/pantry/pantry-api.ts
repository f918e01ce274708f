import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPantryItem, ZPantryList, type TCreatePantryItem, type TUpdatePantryItem } from '@cartwise/contracts';
import { apiGet, apiSend, type ResponseSchema } from '../../lib/api-client';

export const PANTRY_KEY = ['pantry'] as const;

/** DELETE answers 204 with no body; there is nothing to check. */
const NO_CONTENT: ResponseSchema<undefined> = { safeParse: () => ({ success: true, data: undefined }) };

export function usePantry() {
  return useQuery({ queryKey: PANTRY_KEY, queryFn: ({ signal }) => apiGet('/api/pantry', ZPantryList, signal) });
}

export function usePantryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PANTRY_KEY });
  const addItem = useMutation({
    mutationFn: (input: TCreatePantryItem) => apiSend('POST', '/api/pantry', input, ZPantryItem),
    onSuccess: refresh,
  });
  const updateItem = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdatePantryItem }) =>
      apiSend('PATCH', `/api/pantry/${encodeURIComponent(id)}`, patch, ZPantryItem),
    onSuccess: refresh,
  });
  const removeItem = useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/pantry/${encodeURIComponent(id)}`, undefined, NO_CONTENT),
    onSuccess: refresh,
  });
  return { addItem, updateItem, removeItem };
}

/** Today as yyyy-mm-dd in the shopper's own time zone (expiry dates are calendar dates). */
export function getLocalToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
