import { Card } from '../../components/card';

const DOWNLOADS = [
  { href: '/api/export/receipts.csv', label: 'Receipts (CSV)', description: 'One row per receipt: store, date, total.' },
  { href: '/api/export/receipt-items.csv', label: 'Receipt items (CSV)', description: 'Every line item with its price.' },
  { href: '/api/export/all.json', label: 'Everything (JSON)', description: 'Profile, receipts, lists, pantry and preferences.' },
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
