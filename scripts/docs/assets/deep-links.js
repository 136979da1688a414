// chainkit docs: following a deep link (on load or on a click inside the page) opens the folds
// around its target, scrolls it under the sticky header and marks it, so a field deep in a schema
// is found at once.
(() => {
  const show = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id === "" ? null : document.getElementById(id);
    if (!target) return;
    for (let fold = target.closest("details"); fold; fold = fold.parentElement?.closest("details") ?? null) {
      fold.open = true;
    }
    target.scrollIntoView({ block: "start" });
    target.classList.remove("is-linked-target");
    // Restart the mark's animation when the same target is linked again.
    void target.offsetWidth;
    target.classList.add("is-linked-target");
  };
  window.addEventListener("hashchange", show);
  if (location.hash !== "") show();
})();
