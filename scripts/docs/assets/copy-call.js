// chainkit docs: the "Copy a call" tabs (WAI-ARIA tabs: arrow keys, Home and End move between them)
// and their copy buttons. Without this script every panel shows, one under the other.
(() => {
  const select = (tab, focus) => {
    const list = tab.closest("[role=tablist]");
    for (const other of list.querySelectorAll("[role=tab]")) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      other.tabIndex = chosen ? 0 : -1;
      const panel = document.getElementById(other.getAttribute("aria-controls"));
      if (panel) panel.hidden = !chosen;
    }
    if (focus) tab.focus();
  };

  for (const list of document.querySelectorAll(".copy-call [role=tablist]")) {
    const tabs = [...list.querySelectorAll("[role=tab]")];
    for (const tab of tabs) if (tab.getAttribute("aria-selected") === "true") select(tab, false);
    list.addEventListener("click", (event) => {
      const tab = event.target instanceof Element && event.target.closest("[role=tab]");
      if (tab) select(tab, true);
    });
    list.addEventListener("keydown", (event) => {
      const at = tabs.indexOf(document.activeElement);
      if (at < 0) return;
      const next = {
        ArrowRight: (at + 1) % tabs.length,
        ArrowLeft: (at - 1 + tabs.length) % tabs.length,
        Home: 0,
        End: tabs.length - 1,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[next], true);
    });
  }

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
