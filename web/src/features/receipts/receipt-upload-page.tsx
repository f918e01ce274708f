import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { RECEIPT_MAX_FILES, type TReceiptJob, getLocalTodayIso } from '@cartwise/contracts';
import { BackLink, Button, Card, FormMessage, PageHeader, Spinner, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { ReceiptForm } from './receipt-form';
import { createEmptyValues } from './receipt-form-values';
import { describeJob, ReceiptJobList } from './receipt-job-list';
import { ReceiptReview } from './receipt-review';
import { useReceiptJobMutations, useReceiptJobs, useReceiptMutations } from './receipts-api';
import './receipts.css';

const FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf,.pdf';

type Mode = 'none' | 'paste' | 'manual';

function describeUploaded(count: number, isReadingOff: boolean): string {
  const what = count === 1 ? 'Receipt uploaded' : `${count} receipts uploaded`;
  if (isReadingOff) return `${what}: fill in the details under Your uploads`;
  return count === 1 ? `${what}: reading it now` : `${what}: reading them now`;
}

export default function ReceiptUploadPage() {
  const navigate = useNavigate();
  const jobs = useReceiptJobs();
  const { uploadFiles, pasteText, retryJob, rereadJob, discardJob } = useReceiptJobMutations();
  const { createReceipt } = useReceiptMutations();
  const config = useAppConfig().data;
  // Unknown until the config loads; the server checks the size either way.
  const maxMb = config?.limits.maxReceiptUploadMb ?? null;
  const isReadingOff = config?.features.receiptOcr === false;
  const [mode, setMode] = useState<Mode>('none');
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<TReceiptJob | null>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const openJobs = jobs.data?.jobs ?? [];
  // Keep the review in step with the latest job data (e.g. after a retry).
  const reviewJob = reviewing ? (openJobs.find((job) => job.id === reviewing.id) ?? reviewing) : null;

  function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setFileError(null);
    if (files.length > RECEIPT_MAX_FILES) return setFileError(`Upload at most ${RECEIPT_MAX_FILES} files at once.`);
    const tooBig = maxMb === null ? undefined : files.find((file) => file.size > maxMb * 1024 * 1024);
    if (tooBig) return setFileError(`${tooBig.name} is larger than the ${maxMb} MB upload limit.`);
    uploadFiles.mutate(files, {
      onSuccess: (result) => toast.success(describeUploaded(result.jobs.length, isReadingOff)),
      onError: (error) => setFileError(getErrorMessage(error, 'The upload failed')),
    });
  }

  return (
    <div className="page receipts-page">
      <BackLink to="/u/receipts">Back to Receipts</BackLink>
      <PageHeader
        title="Upload receipt"
        description="Snap a photo, upload a PDF e-receipt or paste the text; we read it and you check it before saving."
      />

      <Card title="Add a receipt">
        <div className="receipt-sources">
          <label className="btn btn-primary receipt-file-button">
            Take a photo
            <input
              ref={cameraRef}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              onChange={handleFiles}
            />
          </label>
          <label className="btn btn-secondary receipt-file-button">
            Choose photos or PDF
            <input ref={filesRef} className="visually-hidden" type="file" accept={FILE_ACCEPT} multiple onChange={handleFiles} />
          </label>
          <Button variant="secondary" onClick={() => setMode(mode === 'paste' ? 'none' : 'paste')} aria-expanded={mode === 'paste'}>
            Paste text
          </Button>
          <Button variant="ghost" onClick={() => setMode(mode === 'manual' ? 'none' : 'manual')} aria-expanded={mode === 'manual'}>
            Enter by hand
          </Button>
        </div>
        <p className="small muted">
          JPEG, PNG or WebP photos, or a PDF e-receipt{maxMb === null ? '' : `; up to ${maxMb} MB each`}. Location data is removed from
          photos.
        </p>
        {isReadingOff ? (
          <p className="small" role="status">
            Automatic reading is turned off for now: photos and PDFs are kept with the receipt, and you type in the details. Pasted text is
            still read.
          </p>
        ) : null}
        {uploadFiles.isPending ? <Spinner label="Uploading..." /> : null}
        {fileError ? <FormMessage tone="error">{fileError}</FormMessage> : null}

        {mode === 'paste' ? (
          <form
            className="stack-sm top-gap"
            onSubmit={(event) => {
              event.preventDefault();
              pasteText.mutate(text, {
                onSuccess: () => {
                  setText('');
                  setMode('none');
                  toast.success('Reading the pasted receipt');
                },
              });
            }}
          >
            <label className="field-label" htmlFor="receipt-text">
              Receipt text
            </label>
            <textarea
              id="receipt-text"
              className="field-input receipt-textarea"
              rows={10}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            {pasteText.isError ? (
              <FormMessage tone="error">{getErrorMessage(pasteText.error, 'Could not read the text')}</FormMessage>
            ) : null}
            <div className="form-actions">
              <Button type="submit" isBusy={pasteText.isPending} disabled={!text.trim()}>
                Read text
              </Button>
            </div>
          </form>
        ) : null}
      </Card>

      {mode === 'manual' ? (
        <Card title="Enter a receipt by hand">
          <ReceiptForm
            initialValues={createEmptyValues(getLocalTodayIso())}
            submitLabel="Save receipt"
            isBusy={createReceipt.isPending}
            serverError={createReceipt.isError ? getErrorMessage(createReceipt.error, 'Could not save the receipt') : null}
            onCancel={() => setMode('none')}
            onSubmit={(receipt) =>
              createReceipt.mutate(receipt, {
                onSuccess: (saved) => {
                  toast.success('Receipt saved');
                  void navigate(`/u/receipts/${saved.id}`);
                },
              })
            }
          />
        </Card>
      ) : null}

      <Card title="Your uploads">
        {jobs.isPending ? <Spinner /> : null}
        {jobs.isError ? <FormMessage tone="error">{getErrorMessage(jobs.error, 'Could not load your uploads')}</FormMessage> : null}
        {jobs.isSuccess && openJobs.length === 0 ? (
          <p className="muted">Nothing waiting. Uploaded receipts appear here while they are read.</p>
        ) : null}
        {openJobs.length > 0 ? (
          <ReceiptJobList
            jobs={openJobs}
            reviewingId={reviewJob?.id ?? null}
            onReview={setReviewing}
            onRetry={(job) => retryJob.mutate(job.id)}
            canReread={config?.features.receiptOcr === true}
            rereadingId={rereadJob.isPending ? (rereadJob.variables ?? null) : null}
            onReread={(job) => {
              if (reviewJob?.id === job.id) setReviewing(null);
              rereadJob.mutate(job.id, {
                onSuccess: () => toast.success(`Reading ${describeJob(job)} now`),
                onError: (error) => toast.error(getErrorMessage(error, 'The receipt could not be queued for reading')),
              });
            }}
            onDiscard={(job) => {
              if (reviewJob?.id === job.id) setReviewing(null);
              discardJob.mutate(job.id);
            }}
          />
        ) : null}
      </Card>

      {reviewJob ? <ReceiptReview key={reviewJob.id} job={reviewJob} onClose={() => setReviewing(null)} /> : null}
    </div>
  );
}
