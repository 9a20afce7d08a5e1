/**
 * The page's first stop for the keyboard: past the header's links, straight to `main#content`.
 * It waits above the top of the screen and slides in while it has focus.
 */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="fixed left-2 top-2 z-50 -translate-y-20 rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-lg outline-none ring-2 ring-slate-600 focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}
