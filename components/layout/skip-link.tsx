/** The page's first stop for the keyboard: past the header's links, straight to `main#content`. */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-lg ring-2 ring-slate-600 focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}
