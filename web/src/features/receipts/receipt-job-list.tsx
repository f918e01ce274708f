import type { TReceiptJob } from '@cartwise/contracts';
import { Badge, Button, type BadgeTone } from '../../components';

const STATUS_TEXT: Record<TReceiptJob['status'], string> = {
  queued: 'Queued',
  reading: 'Reading',
  parsing: 'Parsing',
  ready: 'Ready to review',
  failed: 'Failed',
  saved: 'Saved',
};

const STATUS_TONE: Record<TReceiptJob['status'], BadgeTone> = {
  queued: 'neutral',
  reading: 'info',
  parsing: 'info',
  ready: 'success',
  failed: 'danger',
  saved: 'success',
};

/** A blank draft (scanning was off) is filled in, not reviewed: say so, as its alert does. */
export function describeStatus(job: TReceiptJob): string {
  return job.status === 'ready' && job.isManualEntry ? 'Ready to fill in' : STATUS_TEXT[job.status];
}

export function describeJob(job: TReceiptJob): string {
  if (job.fileName) return job.fileName;
  return job.kind === 'text' ? 'Pasted text' : job.kind === 'pdf' ? 'PDF receipt' : 'Photo';
}

export interface ReceiptJobListProps {
  jobs: TReceiptJob[];
  reviewingId: string | null;
  onReview: (job: TReceiptJob) => void;
  onRetry: (job: TReceiptJob) => void;
  onDiscard: (job: TReceiptJob) => void;
  /** Scanning is on (app config): a blank draft left while it was off can be read now. */
  canReread?: boolean;
  onReread?: (job: TReceiptJob) => void;
  rereadingId?: string | null;
}

/** Live status of each upload: queued, reading (with progress), parsing, ready or failed with the reason. */
export function ReceiptJobList({
  jobs,
  reviewingId,
  onReview,
  onRetry,
  onDiscard,
  canReread = false,
  onReread,
  rereadingId = null,
}: ReceiptJobListProps) {
  return (
    <ul className="row-list receipt-jobs" aria-label="Uploads">
      {jobs.map((job) => {
        const percent = Math.round(job.progress * 100);
        const isWorking = job.status === 'queued' || job.status === 'reading' || job.status === 'parsing';
        return (
          <li key={job.id} className="row-list-item receipt-job">
            <div className="receipt-job-main">
              <span className="receipt-job-name">{describeJob(job)}</span>
              <Badge tone={STATUS_TONE[job.status]}>
                {describeStatus(job)}
                {job.status === 'reading' ? ` ${percent}%` : ''}
              </Badge>
            </div>
            {isWorking ? (
              <div
                className="receipt-job-progress"
                role="progressbar"
                aria-label={`${describeJob(job)}: ${describeStatus(job)}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span style={{ width: `${Math.max(4, percent)}%` }} />
              </div>
            ) : null}
            {job.error ? <p className={job.status === 'failed' ? 'field-error' : 'small muted'}>{job.error}</p> : null}
            <div className="form-actions">
              {job.status === 'ready' ? (
                <Button className="btn-small" onClick={() => onReview(job)} disabled={reviewingId === job.id}>
                  {job.isManualEntry ? 'Fill in' : 'Review'}
                  <span className="visually-hidden"> {describeJob(job)}</span>
                </Button>
              ) : null}
              {canReread && onReread && job.isManualEntry ? (
                <Button className="btn-small" variant="secondary" onClick={() => onReread(job)} isBusy={rereadingId === job.id}>
                  Read it now<span className="visually-hidden"> {describeJob(job)}</span>
                </Button>
              ) : null}
              {job.status === 'failed' ? (
                <>
                  <Button className="btn-small" variant="secondary" onClick={() => onRetry(job)}>
                    Try again
                  </Button>
                  <Button className="btn-small" variant="secondary" onClick={() => onReview(job)}>
                    Type it in
                  </Button>
                </>
              ) : null}
              {!isWorking ? (
                <Button className="btn-small" variant="ghost" onClick={() => onDiscard(job)}>
                  Discard<span className="visually-hidden"> {describeJob(job)}</span>
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
