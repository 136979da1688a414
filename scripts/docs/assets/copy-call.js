// chainkit docs: the "Copy a call" tabs (WAI-ARIA tabs: arrow keys, Home and End move between them)
// and their copy buttons. Nothing runs per block at load: a reference page holds hundreds of them,
// so the handlers are on the document, and the first panel of each block is the one shown until a
// tab is chosen (copy-call.css, under the `js` class the head script sets). Without this script every
// panel shows, one under the other.
(() => {
  const select = (tab) => {
    const block = tab.closest(".copy-call");
    for (const other of tab.closest("[role=tablist]").querySelectorAll("[role=tab]")) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      other.tabIndex = chosen ? 0 : -1;
      const panel = document.getElementById(other.getAttribute("aria-controls"));
      if (panel) panel.hidden = !chosen;
    }
    block?.classList.add("tab-chosen");
    tab.focus();
  };
  const tabOf = (event) => event.target instanceof Element && event.target.closest(".copy-call [role=tab]");

  document.addEventListener("click", (event) => {
    const tab = tabOf(event);
    if (tab) select(tab);
  });
  document.addEventListener("keydown", (event) => {
    const tab = tabOf(event);
    if (!tab) return;
    const tabs = [...tab.closest("[role=tablist]").querySelectorAll("[role=tab]")];
    const at = tabs.indexOf(tab);
    const next = {
      ArrowRight: (at + 1) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[next]);
  });

  // The status is announced to screen readers through the button's own text.
  document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element && event.target.closest(".copy-button");
    if (!button) return;
    const code = button.parentElement.querySelector("pre code");
    try {
      await navigator.clipboard.writeText(code.textContent);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select and copy";
    }
    setTimeout(() => {
      button.textContent = "Copy";
    }, 2000);
  });
})();
