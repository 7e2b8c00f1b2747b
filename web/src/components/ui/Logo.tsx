interface LogoProps {
  size?: number;
  className?: string;
}

/** The QAI mark: gold scales of justice on navy. Decorative; pair it with a text label. */
export function Logo({ size = 32, className }: LogoProps) {
  return (
    <svg
      className={className ? `logo ${className}` : "logo"}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="var(--color-primary)" />
      <path
        d="M32 13v36M20 49h24M16 21h32M16 21l-6 14a6 6 0 0 0 12 0zM48 21l-6 14a6 6 0 0 0 12 0z"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
