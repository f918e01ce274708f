import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * The chart library is about 100 KB gzipped: pages import these wrappers, which load the chart modules
 * only when a chart is on screen, so no page's first paint waits for it. The placeholder keeps the
 * chart's height so the page does not jump when it arrives.
 */
const PriceHistoryChart = lazy(() => import('./price-history-chart'));
const SpendByMonthChart = lazy(() => import('./spend-charts').then((module) => ({ default: module.SpendByMonthChart })));
const SpendByStoreChart = lazy(() => import('./spend-charts').then((module) => ({ default: module.SpendByStoreChart })));
const CategorySpendChart = lazy(() => import('./category-spend-chart'));
const WeekCountChart = lazy(() => import('./week-count-chart'));

function ChartPlaceholder({ height }: { height: number }) {
  return <div className="chart-placeholder" style={{ minHeight: height }} aria-hidden="true" />;
}

export function LazyPriceHistoryChart(props: ComponentProps<typeof PriceHistoryChart>) {
  return (
    <Suspense fallback={<ChartPlaceholder height={300} />}>
      <PriceHistoryChart {...props} />
    </Suspense>
  );
}

export function LazySpendByMonthChart(props: ComponentProps<typeof SpendByMonthChart>) {
  return (
    <Suspense fallback={<ChartPlaceholder height={240} />}>
      <SpendByMonthChart {...props} />
    </Suspense>
  );
}

export function LazySpendByStoreChart(props: ComponentProps<typeof SpendByStoreChart>) {
  return (
    <Suspense fallback={<ChartPlaceholder height={160} />}>
      <SpendByStoreChart {...props} />
    </Suspense>
  );
}

export function LazyCategorySpendChart(props: ComponentProps<typeof CategorySpendChart>) {
  return (
    <Suspense fallback={<ChartPlaceholder height={160} />}>
      <CategorySpendChart {...props} />
    </Suspense>
  );
}

export function LazyWeekCountChart(props: ComponentProps<typeof WeekCountChart>) {
  return (
    <Suspense fallback={<ChartPlaceholder height={180} />}>
      <WeekCountChart {...props} />
    </Suspense>
  );
}
