/** The Cartwise logo tile; decorative, since the name always stands next to it. */
export function BrandMark() {
  return (
    <span className="brand-mark" aria-hidden="true">
      C
    </span>
  );
}
