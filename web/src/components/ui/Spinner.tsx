/** An indeterminate progress indicator with an accessible label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="spinner-wrap">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
