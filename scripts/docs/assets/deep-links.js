// chainkit docs: following a deep link (on load or on a click inside the page) opens the folds
// around its target, scrolls it under the sticky header and marks it, so a field deep in a schema
// is found at once. A link to an item that lives on another page of a split reference
// (`exchange.html#op-order`, written before the reference was split, or by hand) goes on to that page.
(() => {
  // The page of this reference (`<id>.html` or `<id>--….html`) that the search index names for the
  // anchor's item: its longest prefix cut at dots, so a field follows its operation or schema.
  const moveToItsPage = async (id) => {
    const here = decodeURIComponent(location.pathname.split("/").pop() ?? "");
    const reference = here.replace(/(--.*)?\.html$/, "");
    if (reference === "" || reference === here) return;
    const entries = await chainkitLoadSearchIndex();
    const parts = id.split(".");
    for (let length = parts.length; length > 0 && entries; length -= 1) {
      const anchor = parts.slice(0, length).join(".");
      const inReference = (candidate) => {
        const [file] = candidate.href.split("#");
        return file === `${reference}.html` || file.startsWith(`${reference}--`);
      };
      // A helper's member is named after a value of its interface (`helper-accountQuery.address`
      // under `helper-AccountQuery`): the same name but for the case, once no exact one is found.
      const entry =
        entries.find((candidate) => inReference(candidate) && candidate.href.split("#")[1] === anchor) ??
        entries.find(
          (candidate) =>
            anchor.startsWith("helper-") &&
            inReference(candidate) &&
            candidate.href.split("#")[1]?.toLowerCase() === anchor.toLowerCase(),
        );
      if (entry) {
        const [file] = entry.href.split("#");
        if (file !== here) location.replace(`${file}#${encodeURIComponent(id)}`);
        return;
      }
    }
  };

  const show = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id === "" ? null : document.getElementById(id);
    if (!target) {
      if (id !== "") moveToItsPage(id);
      return;
    }
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
