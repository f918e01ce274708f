import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { buildRoutePath, receiptJobsApi, type TReceiptJob, getLocalTodayIso } from '@cartwise/contracts';
import { Card, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { ReceiptForm } from './receipt-form';
import { createEmptyValues, fromDraft } from './receipt-form-values';
import { useReceiptJobMutations } from './receipts-api';
import { describeJob } from './receipt-job-list';

/** The photo beside the parsed fields; Save turns the reviewed draft into a receipt. */
export function ReceiptReview({ job, onClose }: { job: TReceiptJob; onClose: () => void }) {
  const navigate = useNavigate();
  const { saveJob } = useReceiptJobMutations();
  // A draft with a notice was not read (automatic reading is off): start from the blank form with one empty line.
  const initial = useMemo(
    () =>
      job.draft && !job.draft.notice
        ? fromDraft(job.draft, getLocalTodayIso())
        : { values: createEmptyValues(getLocalTodayIso()), doubtful: {} },
    [job.draft],
  );
  const imageUrl = buildRoutePath(receiptJobsApi.image, { id: job.id });
  const rootRef = useRef<HTMLDivElement>(null);

  // Opening a review brings it into view and puts the cursor in its first field, instead of leaving the
  // shopper below the fold with focus on the page.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    root.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    root.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus({ preventScroll: true });
  }, [job.id]);

  return (
    <div ref={rootRef} className="receipt-review-anchor">
      <Card title={`Review: ${describeJob(job)}`} className="receipt-review">
        <div className="receipt-review-layout">
          {job.hasImage ? (
            <div className="receipt-review-image">
              {job.kind === 'pdf' ? (
                <a href={imageUrl} target="_blank" rel="noreferrer">
                  Open the PDF
                </a>
              ) : (
                <a href={imageUrl} target="_blank" rel="noreferrer">
                  <img src={imageUrl} alt={`Uploaded receipt ${describeJob(job)}`} />
                </a>
              )}
            </div>
          ) : null}
          <div className="receipt-review-form">
            {job.draft?.notice ? (
              <p className="small" role="status">
                {job.draft.notice}
              </p>
            ) : null}
            {job.draft && !job.draft.notice ? <p className="small muted">{job.draft.consistency.message}</p> : null}
            <ReceiptForm
              key={job.id}
              initialValues={initial.values}
              doubtful={initial.doubtful}
              storeSuggestion={job.draft?.notice ? null : job.draft?.knownStore}
              submitLabel="Save receipt"
              isBusy={saveJob.isPending}
              serverError={saveJob.isError ? getErrorMessage(saveJob.error, 'Could not save the receipt') : null}
              onCancel={onClose}
              onSubmit={(receipt) =>
                saveJob.mutate(
                  { jobId: job.id, receipt },
                  {
                    onSuccess: (saved) => {
                      toast.success('Receipt saved');
                      void navigate(`/u/receipts/${saved.id}`);
                    },
                  },
                )
              }
            />
          </div>
        </div>
      </Card>
    </div>
  );
}
