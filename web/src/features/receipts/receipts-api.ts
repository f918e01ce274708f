import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  receiptJobsApi,
  receiptsApi,
  type TCreateReceipt,
  type TReceiptJob,
  type TUpdateReceipt,
  type TUploadResult,
} from '@cartwise/contracts';
import { ApiError, callApi, isApiError } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';

export const RECEIPTS_KEY = ['receipts'] as const;
/** The realtime hook invalidates this key on every receipt-job event. */
export const RECEIPT_JOBS_KEY = ['receipt-jobs'] as const;

export interface ReceiptFilter {
  q: string;
  from: string;
  to: string;
  page: number;
}

export function useReceipts(filter: ReceiptFilter) {
  const query = {
    ...(filter.q.trim() ? { q: filter.q.trim() } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.page > 1 ? { page: filter.page } : {}),
  };
  return useQuery({
    queryKey: [...RECEIPTS_KEY, 'list', query],
    queryFn: ({ signal }) => callApi(receiptsApi.list, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useReceipt(id: string) {
  return useQuery({
    queryKey: [...RECEIPTS_KEY, 'one', id],
    queryFn: ({ signal }) => callApi(receiptsApi.detail, { params: { id }, signal }),
    retry: false,
  });
}

const isInFlight = (job: TReceiptJob) => job.status === 'queued' || job.status === 'reading' || job.status === 'parsing';

/** Open jobs; polls while any is in flight as a fallback for the realtime stream. */
export function useReceiptJobs() {
  return useQuery({
    queryKey: RECEIPT_JOBS_KEY,
    queryFn: ({ signal }) => callApi(receiptJobsApi.list, { signal }),
    refetchInterval: (query) => (query.state.data?.jobs.some(isInFlight) ? 1500 : false),
  });
}

/** Multipart upload; the server checks the real type by content and answers 4xx with a message. */
export async function uploadReceiptFiles(files: readonly File[]): Promise<TUploadResult> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  try {
    return await callApi(receiptJobsApi.upload, { form });
  } catch (error) {
    // A refusal without the server's own message (e.g. a proxy's size limit) gets a plain one, not a status text.
    if (isApiError(error) && error.code === 'http_error') {
      const message = error.status === 413 ? 'The file is too large to upload.' : 'The upload failed; try again.';
      throw new ApiError(error.status, message, 'http_error');
    }
    throw error;
  }
}

export function useReceiptJobMutations() {
  const queryClient = useQueryClient();
  const refreshJobs = () => queryClient.invalidateQueries({ queryKey: RECEIPT_JOBS_KEY });
  const uploadFiles = useMutation({ mutationFn: uploadReceiptFiles, onSuccess: refreshJobs });
  const pasteText = useMutation({
    mutationFn: (text: string) => callApi(receiptJobsApi.upload, { body: { text } }),
    onSuccess: refreshJobs,
  });
  const saveJob = useMutation({
    mutationFn: ({ jobId, receipt }: { jobId: string; receipt: TCreateReceipt }) =>
      callApi(receiptJobsApi.save, { params: { id: jobId }, body: receipt }),
    onSuccess: () => Promise.all([refreshJobs(), queryClient.invalidateQueries({ queryKey: RECEIPTS_KEY })]),
  });
  const retryJob = useMutation({
    mutationFn: (jobId: string) => callApi(receiptJobsApi.retry, { params: { id: jobId } }),
    onSuccess: refreshJobs,
  });
  // A blank draft left while scanning was off, read now that scanning is on again.
  const rereadJob = useMutation({
    mutationFn: (jobId: string) => callApi(receiptJobsApi.reread, { params: { id: jobId } }),
    onSuccess: refreshJobs,
  });
  const discardJob = useMutation({
    mutationFn: (jobId: string) => callApi(receiptJobsApi.discard, { params: { id: jobId } }),
    onSuccess: refreshJobs,
  });
  return { uploadFiles, pasteText, saveJob, retryJob, rereadJob, discardJob };
}

export function useReceiptMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: RECEIPTS_KEY });
  const createReceipt = useMutation({
    mutationFn: (receipt: TCreateReceipt) => callApi(receiptsApi.create, { body: receipt }),
    onSuccess: refresh,
  });
  const updateReceipt = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateReceipt }) => callApi(receiptsApi.update, { params: { id }, body: patch }),
    onSuccess: refresh,
  });
  const deleteReceipt = useMutation({
    mutationFn: (id: string) => callApi(receiptsApi.remove, { params: { id } }),
    onSuccess: refresh,
  });
  const linkItem = useMutation({
    mutationFn: ({ receiptId, itemId, productId }: { receiptId: string; itemId: string; productId: string }) =>
      callApi(receiptsApi.linkItem, { params: { id: receiptId, itemId }, body: { productId } }),
    onSuccess: refresh,
  });
  return { createReceipt, updateReceipt, deleteReceipt, linkItem };
}

export function formatReceiptDate(date: string | null): string {
  if (!date) return 'No date';
  return formatDate(date, getActiveFormat());
}
