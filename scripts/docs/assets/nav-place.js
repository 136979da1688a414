// chainkit docs: the sidebar keeps its place across page loads. Its scroll offset is kept for the
// tab (sessionStorage) when a page is left and restored on the next one; then the current page's
// entry, or the contents entry of the linked section, is brought into view if it is not.
(() => {
  const nav = document.querySelector("nav.sidebar");
  if (!nav) return;
  const KEY = "chainkit-docs-nav-scroll";

  const current = () => {
    const hash = location.hash;
    const entry = hash === "" ? null : [...nav.querySelectorAll(".toc a")].find((link) => link.hash === hash);
    return entry ?? nav.querySelector('a[aria-current="page"]');
  };

  const reveal = (link) => {
    if (!link) return;
    const box = nav.getBoundingClientRect();
    const place = link.getBoundingClientRect();
    if (place.top < box.top || place.bottom > box.bottom) {
      nav.scrollTop += place.top - box.top - box.height / 3;
    }
  };

  const mark = () => {
    for (const link of nav.querySelectorAll('.toc a[aria-current="location"]'))
      link.removeAttribute("aria-current");
    const link = current();
    if (link && link.getAttribute("aria-current") !== "page") link.setAttribute("aria-current", "location");
    reveal(link);
  };

  // Scrolling the sidebar and measuring its entries need the page laid out: done in the first frame,
  // where the browser lays it out anyway, not while the scripts run at load, where reading a size
  // forces a layout that the rest of the scripts can undo.
  requestAnimationFrame(() => {
    try {
      const saved = Number(sessionStorage.getItem(KEY));
      if (Number.isFinite(saved) && saved > 0) nav.scrollTop = saved;
    } catch {
      // Storage refused: the current entry is still brought into view below.
    }
    mark();
  });
  window.addEventListener("hashchange", mark);
  window.addEventListener("pagehide", () => {
    try {
      sessionStorage.setItem(KEY, String(nav.scrollTop));
    } catch {
      // Nothing to keep it in.
    }
  });
})();
