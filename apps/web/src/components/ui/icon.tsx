/** A decorative one-path icon drawn on a 24-unit grid, in the colour of the text around it. */
export function Icon({ path, size = 24 }: { path: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}
