import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApiError,
  ZReceipt,
  ZReceiptJob,
  ZReceiptJobList,
  ZReceiptList,
  ZUploadResult,
  type TCreateReceipt,
  type TReceiptJob,
  type TUpdateReceipt,
  type TUploadResult,
} from '@cartwise/contracts';
import { ApiError, apiGet, apiSend, type ResponseSchema } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';

export const RECEIPTS_KEY = ['receipts'] as const;
/** The realtime hook invalidates this key on every receipt-job event. */
export const RECEIPT_JOBS_KEY = ['receipt-jobs'] as const;

const NO_CONTENT: ResponseSchema<undefined> = { safeParse: () => ({ success: true, data: undefined }) };

export interface ReceiptFilter {
  q: string;
  from: string;
  to: string;
  page: number;
}

export function useReceipts(filter: ReceiptFilter) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page > 1) params.set('page', String(filter.page));
  const search = params.toString();
  return useQuery({
    queryKey: [...RECEIPTS_KEY, 'list', search],
    queryFn: ({ signal }) => apiGet(`/api/receipts${search ? `?${search}` : ''}`, ZReceiptList, signal),
    placeholderData: (previous) => previous,
  });
}

export function useReceipt(id: string) {
  return useQuery({
    queryKey: [...RECEIPTS_KEY, 'one', id],
    queryFn: ({ signal }) => apiGet(`/api/receipts/${encodeURIComponent(id)}`, ZReceipt, signal),
    retry: false,
  });
}

const isInFlight = (job: TReceiptJob) => job.status === 'queued' || job.status === 'reading' || job.status === 'parsing';

/** Open jobs; polls while any is in flight as a fallback for the realtime stream. */
export function useReceiptJobs() {
  return useQuery({
    queryKey: RECEIPT_JOBS_KEY,
    queryFn: ({ signal }) => apiGet('/api/receipt-jobs', ZReceiptJobList, signal),
    refetchInterval: (query) => (query.state.data?.jobs.some(isInFlight) ? 1500 : false),
  });
}

/** Multipart upload; the server checks the real type by content and answers 4xx with a message. */
export async function uploadReceiptFiles(files: readonly File[]): Promise<TUploadResult> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/receipts/uploads', { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Network error: check your connection and try again', 'network_error');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ZApiError.safeParse(body);
    if (error.success) throw new ApiError(response.status, error.data.message, error.data.error);
    throw new ApiError(
      response.status,
      response.status === 413 ? 'The file is too large to upload.' : 'The upload failed; try again.',
      'http_error',
    );
  }
  const parsed = ZUploadResult.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected response from server', 'bad_response');
  return parsed.data;
}

export function useReceiptJobMutations() {
  const queryClient = useQueryClient();
  const refreshJobs = () => queryClient.invalidateQueries({ queryKey: RECEIPT_JOBS_KEY });
  const uploadFiles = useMutation({ mutationFn: uploadReceiptFiles, onSuccess: refreshJobs });
  const pasteText = useMutation({
    mutationFn: (text: string) => apiSend('POST', '/api/receipts/uploads', { text }, ZUploadResult),
    onSuccess: refreshJobs,
  });
  const saveJob = useMutation({
    mutationFn: ({ jobId, receipt }: { jobId: string; receipt: TCreateReceipt }) =>
      apiSend('POST', `/api/receipt-jobs/${encodeURIComponent(jobId)}/save`, receipt, ZReceipt),
    onSuccess: () => Promise.all([refreshJobs(), queryClient.invalidateQueries({ queryKey: RECEIPTS_KEY })]),
  });
  const retryJob = useMutation({
    mutationFn: (jobId: string) => apiSend('POST', `/api/receipt-jobs/${encodeURIComponent(jobId)}/retry`, undefined, ZReceiptJob),
    onSuccess: refreshJobs,
  });
  // A blank draft left while scanning was off, read now that scanning is on again.
  const rereadJob = useMutation({
    mutationFn: (jobId: string) => apiSend('POST', `/api/receipt-jobs/${encodeURIComponent(jobId)}/reread`, undefined, ZReceiptJob),
    onSuccess: refreshJobs,
  });
  const discardJob = useMutation({
    mutationFn: (jobId: string) => apiSend('DELETE', `/api/receipt-jobs/${encodeURIComponent(jobId)}`, undefined, NO_CONTENT),
    onSuccess: refreshJobs,
  });
  return { uploadFiles, pasteText, saveJob, retryJob, rereadJob, discardJob };
}

export function useReceiptMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: RECEIPTS_KEY });
  const createReceipt = useMutation({
    mutationFn: (receipt: TCreateReceipt) => apiSend('POST', '/api/receipts', receipt, ZReceipt),
    onSuccess: refresh,
  });
  const updateReceipt = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateReceipt }) =>
      apiSend('PATCH', `/api/receipts/${encodeURIComponent(id)}`, patch, ZReceipt),
    onSuccess: refresh,
  });
  const deleteReceipt = useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/receipts/${encodeURIComponent(id)}`, undefined, NO_CONTENT),
    onSuccess: refresh,
  });
  const linkItem = useMutation({
    mutationFn: ({ receiptId, itemId, productId }: { receiptId: string; itemId: string; productId: string }) =>
      apiSend('POST', `/api/receipts/${encodeURIComponent(receiptId)}/items/${encodeURIComponent(itemId)}/link`, { productId }, ZReceipt),
    onSuccess: refresh,
  });
  return { createReceipt, updateReceipt, deleteReceipt, linkItem };
}

/** Today as yyyy-mm-dd in the shopper's own time zone. */
export function getLocalToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function formatReceiptDate(date: string | null): string {
  if (!date) return 'No date';
  return formatDate(date, getActiveFormat());
}
