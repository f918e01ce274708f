import { useFormat } from '../../lib/use-format';
import { HorizontalBarChart } from './horizontal-bar-chart';
import { describeCategory, shapeCategoryBars } from './spend-series';

export interface CategorySpendRow {
  category: string;
  total: number;
  share: number;
  itemCount: number;
}

/** Spend per category as bars with tooltips in the shopper's currency; a single category has no legend. */
export default function CategorySpendChart({ categories, caption }: { categories: CategorySpendRow[]; caption: string }) {
  const format = useFormat();
  return (
    <HorizontalBarChart
      bars={shapeCategoryBars(categories)}
      valueKey="amount"
      formatValue={(amount) => format.money(amount)}
      describeBar={(bar) => describeCategory(bar, format)}
      caption={caption}
      legendLabel="Categories in the spend chart"
      rowHeight={36}
      barSize={20}
      hasLegendForOne={false}
    />
  );
}
