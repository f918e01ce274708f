import { Link } from 'react-router';
import type { TShoppingListSummary } from '@cartwise/contracts';
import { ButtonLink, EmptyState, FormMessage, PageHeader, Spinner } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { useLists } from './lists-api';
import './lists.css';

function describeCounts(list: TShoppingListSummary): string {
  if (list.item_count === 0) return 'No items yet';
  const items = `${list.item_count} ${list.item_count === 1 ? 'item' : 'items'}`;
  return list.checked_count === list.item_count ? `${items}, all checked` : `${items}, ${list.checked_count} checked`;
}

export default function ListsPage() {
  const query = useLists();
  const lists = query.data?.items ?? [];

  return (
    <div className="page">
      <PageHeader
        title="Lists"
        description="Plan your shopping and check items off in the store."
        actions={lists.length > 0 ? <ButtonLink to="/u/lists/create">New list</ButtonLink> : null}
      />
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load your lists')}</FormMessage> : null}
      {query.isSuccess && lists.length === 0 ? (
        <EmptyState
          title="No lists yet"
          description="Make a list before you shop; you can check items off as you go."
          action={<ButtonLink to="/u/lists/create">Create your first list</ButtonLink>}
        />
      ) : null}
      {lists.length > 0 ? (
        <ul className="list-cards" aria-label="Your lists">
          {lists.map((list) => {
            const progress = list.item_count === 0 ? 0 : Math.round((list.checked_count / list.item_count) * 100);
            return (
              <li key={list.id}>
                <Link className="list-card" to={`/u/lists/${list.id}`}>
                  <span className="list-card-name">{list.name}</span>
                  <span className="list-card-counts muted">
                    {list.household_id ? 'Household · ' : ''}
                    {describeCounts(list)}
                  </span>
                  <span className="list-card-progress" aria-hidden="true">
                    <span style={{ width: `${progress}%` }} />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
