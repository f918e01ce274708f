import type { Kysely } from 'kysely';

// Types are chosen to behave the same on SQLite and PostgreSQL: ids are text UUIDs, timestamps are ISO-8601
// text (they sort correctly as strings), money is integer cents, booleans are 0/1 integers.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'text')
    .addColumn('debug_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('trial_started_at', 'text')
    .addColumn('trial_ends_at', 'text')
    .addColumn('paid_until', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('units', 'text', (c) => c.notNull().defaultTo('imperial'))
    .addColumn('trip_cost_cents', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('onboarded_at', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profiles_email_idx').on('profiles').column('email').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('marketing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('receipts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deal_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_chains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chain_id', 'text', (c) => c.references('store_chains.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_home_stores')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_home_stores_pk', ['user_id', 'store_id'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('category', 'text')
    .addColumn('size_value', 'double precision')
    .addColumn('size_unit', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_name_idx').on('products').column('name').execute();

  await db.schema
    .createTable('product_aliases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('chain_id', 'text', (c) => c.references('store_chains.id').onDelete('cascade'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_aliases_alias_idx').on('product_aliases').columns(['alias', 'chain_id']).execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.references('store_locations.id').onDelete('set null'))
    .addColumn('store_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('store_address', 'text')
    .addColumn('purchased_on', 'text')
    .addColumn('purchased_time', 'text')
    .addColumn('subtotal_cents', 'integer')
    .addColumn('tax_cents', 'integer')
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('image_key', 'text')
    .addColumn('raw_text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipts_user_date_idx').on('receipts').columns(['user_id', 'purchased_on']).execute();

  await db.schema
    .createTable('receipt_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receipt_id', 'text', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('unit', 'text')
    .addColumn('unit_price_cents', 'integer')
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text')
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipt_items_receipt_idx').on('receipt_items').column('receipt_id').execute();

  await db.schema
    .createTable('receipt_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('text_input', 'text')
    .addColumn('locale', 'text')
    .addColumn('result_json', 'text')
    .addColumn('receipt_id', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipt_jobs_status_idx').on('receipt_jobs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('price_observations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_locations.id').onDelete('cascade'))
    .addColumn('observed_on', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('size_value', 'double precision')
    .addColumn('size_unit', 'text')
    .addColumn('is_deal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('price_observations_lookup_idx')
    .on('price_observations')
    .columns(['product_id', 'store_id', 'observed_on'])
    .execute();

  await db.schema
    .createTable('shopping_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shopping_lists_user_idx').on('shopping_lists').column('user_id').execute();

  await db.schema
    .createTable('list_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('shopping_lists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('unit', 'text')
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('category', 'text')
    .addColumn('accepts_substitutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('list_items_list_idx').on('list_items').column('list_id').execute();

  await db.schema
    .createTable('pantry_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('qty', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_on', 'text')
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pantry_items_user_idx').on('pantry_items').column('user_id').execute();

  await db.schema
    .createTable('deals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submitted_by', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sale_price_cents', 'integer', (c) => c.notNull())
    .addColumn('original_price_cents', 'integer')
    .addColumn('store_id', 'text', (c) => c.references('store_locations.id').onDelete('set null'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('category', 'text')
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rejection_reason', 'text')
    .addColumn('is_possible_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moderated_by', 'text')
    .addColumn('moderated_at', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deals_status_idx').on('deals').columns(['status', 'ends_on']).execute();

  await db.schema
    .createTable('deal_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('deal_id', 'text', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('emailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('deal_alerts_user_deal_uq', ['user_id', 'deal_id'])
    .execute();

  await db.schema
    .createTable('notification_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_type', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('requested_by', 'text')
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('stored'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only: a new migration undoes a change.
}
