import { BackLink } from '../../components/back-link';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink, EmptyState, PageHeader, Spinner } from '../../components';
import { attachPlanId, saveTrip } from '../shop/shop-trip-store';
import { getErrorMessage, isApiError } from '../../lib/api-client';
import { PlanInputsForm } from './plan-inputs';
import { PlanResult } from './plan-result';
import { useStores } from '../stores/use-stores';
import { INITIAL_PLAN_INPUTS, recordUsedPlan, useRecommendations, type PlanInputs } from './use-recommendations';

// On a phone the plan comes first and the settings fold away; on a wide screen they sit beside it.
const isWideScreen = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 900px)').matches === true;

/** /u/lists/:id/recommendations: the cheapest split of a list across stores, recomputed on every change. */
export default function RecommendationsPage() {
  const { id = '' } = useParams();
  const [inputs, setInputs] = useState<PlanInputs>(INITIAL_PLAN_INPUTS);
  const plan = useRecommendations(id, inputs);
  const stores = useStores();
  const startShopping = () => {
    if (!plan.data) return;
    saveTrip(id, { plan: plan.data, moves: {} });
    // Recording the plan must not hold up the trip: shop mode opens at once, and its End trip finishes this record
    // (POST /api/plans/:planId/finish), which is when the saving counts.
    recordUsedPlan(id, inputs)
      .then((used) => attachPlanId(id, used.id))
      .catch((error: unknown) => console.warn('Could not record the plan for savings', error));
  };
  // The operator turned split-cart off: not a failure of this list, so say so plainly and point back to it.
  const isTurnedOff = isApiError(plan.error) && plan.error.code === 'feature_disabled';

  return (
    <div className="page">
      <BackLink to={`/u/lists/${id}`}>Back to list</BackLink>
      <PageHeader
        title={plan.data ? `Where to buy: ${plan.data.listName}` : 'Where to buy'}
        description="The cheapest way to buy this list, counting what each extra store visit costs you."
        actions={
          plan.data && plan.data.stops.length > 0 ? (
            // The plan on screen becomes the trip: shop mode keeps it while items are ticked off and re-planning would drop them.
            <ButtonLink to={`/u/lists/${id}/shop`} onClick={startShopping}>
              Start shopping
            </ButtonLink>
          ) : null
        }
      />
      {plan.isPending ? <Spinner /> : null}
      {isTurnedOff ? (
        <EmptyState
          title="Store suggestions are turned off"
          description={getErrorMessage(plan.error)}
          action={<Link to={`/u/lists/${id}`}>Back to your list</Link>}
        />
      ) : null}
      {plan.isError && !isTurnedOff ? <EmptyState title="Could not plan this list" description={getErrorMessage(plan.error)} /> : null}
      {plan.data ? (
        <div className="plan-layout">
          <details className="plan-inputs" open={isWideScreen()}>
            <summary>Stores, trip cost and store limit</summary>
            <PlanInputsForm
              inputs={inputs}
              onChange={setInputs}
              stores={stores.data?.items ?? []}
              candidateStores={plan.data.candidateStores}
              tripCostCents={plan.data.tripCostCents}
            />
          </details>
          <section aria-live="polite" aria-busy={plan.isFetching} className="plan-output">
            <PlanResult plan={plan.data} />
          </section>
        </div>
      ) : null}
    </div>
  );
}
