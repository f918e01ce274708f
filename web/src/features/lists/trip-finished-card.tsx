import { ZFinishedTrip, type TFinishedTrip } from '@cartwise/contracts';
import { Button, ButtonLink, Card, Money } from '../../components';
import { ClearTickedButton } from './clear-ticked-button';

/** What shop mode's End trip hands the list page (history state, so a reload keeps it). */
export interface TripEndState {
  finishedTrip: TFinishedTrip | null;
}

/** The end-of-trip figures in a location's state, when the page was opened by End trip. */
export function readTripEnd(state: unknown): TripEndState | null {
  if (typeof state !== 'object' || state === null || !('finishedTrip' in state)) return null;
  const { finishedTrip } = state as { finishedTrip: unknown };
  const parsed = ZFinishedTrip.safeParse(finishedTrip);
  return { finishedTrip: parsed.success ? parsed.data : null };
}

interface Props {
  listId: string;
  trip: TFinishedTrip | null;
  tickedCount: number;
  onDismiss: () => void;
}

/** The end of a trip: spent against planned, what it saved, and what to do next (clear, add the receipt). */
export function TripFinishedCard({ listId, trip, tickedCount, onDismiss }: Props) {
  return (
    <Card
      title="Trip finished"
      aria-label="Trip finished"
      className="trip-finished"
      actions={
        <Button variant="ghost" className="btn-small" onClick={onDismiss}>
          Done
        </Button>
      }
    >
      {trip ? (
        <dl className="trip-figures">
          <div>
            <dt>Spent</dt>
            <dd>
              <Money cents={trip.spentCents} /> <span className="muted small">of</span> <Money cents={trip.plannedCents} />{' '}
              <span className="muted small">planned</span>
            </dd>
          </div>
          <div>
            <dt>Saved</dt>
            <dd>
              <Money cents={trip.savingsCents} />
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="muted small">
        {trip
          ? `${trip.boughtCount} ${trip.boughtCount === 1 ? 'item' : 'items'} bought. Spent and planned include the trip cost of each store, as the plan does. Add the receipt and its paid prices replace the planned ones.`
          : 'The trip has ended.'}
      </p>
      <div className="trip-finished-actions">
        {tickedCount > 0 ? <ClearTickedButton listId={listId} count={tickedCount} /> : null}
        <ButtonLink to="/u/receipts/upload">Add the receipt</ButtonLink>
      </div>
    </Card>
  );
}
