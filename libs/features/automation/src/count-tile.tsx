/** One number of an outcome with its label (a run's started / skipped / failed, an import's counts). */
export function CountTile({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${className}`}>{value}</dd>
    </div>
  );
}
