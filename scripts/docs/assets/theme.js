// chainkit docs: the theme switch. The choice is pinned on <html data-theme> and remembered in
// localStorage (not a secret); "System" forgets it, so the page follows prefers-color-scheme again.
// The inline script in <head> applies a stored choice before the first paint.
(() => {
  const select = document.getElementById("theme-choice");
  if (!(select instanceof HTMLSelectElement)) return;
  const key = select.dataset.storageKey || "chainkit-docs-theme";
  const root = document.documentElement;
  select.value =
    root.dataset.theme === "light" || root.dataset.theme === "dark" ? root.dataset.theme : "system";
  select.addEventListener("change", () => {
    const choice = select.value;
    if (choice === "light" || choice === "dark") root.dataset.theme = choice;
    else delete root.dataset.theme;
    try {
      if (choice === "light" || choice === "dark") localStorage.setItem(key, choice);
      else localStorage.removeItem(key);
    } catch {
      // Storage refused: the choice holds for this page only.
    }
  });
})();
