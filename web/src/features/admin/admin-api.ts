import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, type ResponseSchema } from '../../lib/api-client';

/** Every admin query key starts with 'admin' so a change can refresh the whole area at once. */
export function useAdminQuery<T>(key: readonly unknown[], path: string, schema: ResponseSchema<T>) {
  return useQuery({
    queryKey: ['admin', ...key],
    queryFn: ({ signal }) => apiGet(path, schema, signal),
  });
}

export function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return (key: readonly unknown[] = []) => queryClient.invalidateQueries({ queryKey: ['admin', ...key] });
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function formatCount(value: number): string {
  return value.toLocaleString();
}
