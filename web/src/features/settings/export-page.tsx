import { buildRoutePath, exportApi } from '@cartwise/contracts';
import { Card } from '../../components/card';

const DOWNLOADS = [
  { href: buildRoutePath(exportApi.receiptsCsv), label: 'Receipts (CSV)', description: 'One row per receipt: store, date, total.' },
  { href: buildRoutePath(exportApi.receiptItemsCsv), label: 'Receipt items (CSV)', description: 'Every line item with its price.' },
  {
    href: buildRoutePath(exportApi.allJson),
    label: 'Everything (JSON)',
    description: 'Profile, preferences, receipts, lists, pantry, deals you submitted, plans you went with and households.',
  },
];

export default function ExportPage() {
  return (
    <Card title="Export your data">
      <p className="muted">Download a copy of your data at any time. Files are generated when you click.</p>
      <ul className="link-list">
        {DOWNLOADS.map((item) => (
          <li key={item.href}>
            {/* Plain links with `download`: the browser sends the session cookie and saves the file. */}
            <a href={item.href} download className="btn btn-secondary">
              Download {item.label}
            </a>
            <p className="field-hint">{item.description}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
