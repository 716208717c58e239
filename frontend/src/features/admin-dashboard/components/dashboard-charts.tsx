import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One series of a chart: its key in the rows, its label and colour. */
export type Series = { key: string; label: string; color: string; kind?: 'bar' | 'line' };

export type ChartProps = {
  rows: Record<string, string | number>[];
  series: Series[];
  stacked?: boolean;
  /** Formats a value on the axis and in the tooltip (money, counts). */
  format: (value: number) => string;
};

const HEIGHT = 260;

/**
 * The dashboard's charts, drawn with recharts. Loaded on demand by the admin
 * dashboard only (React.lazy), so the library stays out of every other page's
 * JavaScript. The charts are pictures of the tables beside them: hidden from
 * assistive technologies, which read the tables instead.
 */
export default function DashboardChart({ rows, series, stacked = false, format }: ChartProps) {
  const formatTick = (value: unknown) => (typeof value === 'number' ? format(value) : String(value));
  return (
    <div aria-hidden="true">
      <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
        <ComposedChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={formatTick} tick={{ fontSize: 12 }} width={80} allowDecimals={false} />
          <Tooltip formatter={(value) => formatTick(value)} />
          <Legend />
          {series.map((s) =>
            s.kind === 'line' ? (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
            ) : (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={stacked ? 'stack' : undefined} isAnimationActive={false} />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
