// Row types of the product catalogue: products, the receipt texts (aliases) that name them, and shoppers' proposed changes.

export interface ProductsTable {
  id: string;
  name: string;
  brand: string | null;
  category: string | null;
  size_value: number | null;
  size_unit: string | null;
  barcode: string | null;
  /** Null for a product everyone finds; else the only user who finds it until a catalogue change makes it public. */
  owner_user_id: string | null;
  created_at: string;
}

export interface ProductAliasesTable {
  id: string;
  product_id: string;
  chain_id: string | null;
  alias: string;
  created_by: string | null;
  /** Null for the alias everyone's receipts use; else this user's own link, which wins over the shared one for them. */
  user_id: string | null;
  created_at: string;
}

/** A shopper's proposed change to the shared catalogue (kind alias | product), pending until approved or agreed. */
export interface CatalogueChangesTable {
  id: string;
  kind: string;
  /** pending | approved | rejected | undone */
  status: string;
  product_id: string;
  chain_id: string | null;
  alias: string | null;
  barcode: string | null;
  proposed_by: string | null;
  /** What the alias (or barcode) named before the approval; undo restores it. */
  previous_product_id: string | null;
  decided_by: string | null;
  /** operator | agreement */
  decided_how: string | null;
  decided_at: string | null;
  created_at: string;
}
