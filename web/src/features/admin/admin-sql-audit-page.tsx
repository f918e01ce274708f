import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/sql-audit; the feature owner replaces this file.
export default function AdminSqlAuditPage() {
  return <PlaceholderPage title="SQL audit" screen="/admin/sql-audit" />;
}
