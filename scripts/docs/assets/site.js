// chainkit docs: search over the shared index (search-load.js), loaded when the reader first
// reaches for the search box. Results are built with DOM methods and textContent only, so no index
// text is ever parsed as HTML.
(() => {
  const input = document.getElementById("search");
  const list = document.getElementById("search-results");
  if (!input || !list) return;
  // undefined until loaded; null when it could not be.
  let entries;
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    chainkitLoadSearchIndex().then((loaded) => {
      entries = loaded;
      if (input.value.trim() !== "") render();
    });
  };
  const LIMIT = 30;

  const score = (entry, query, words) => {
    const name = entry.name.toLowerCase();
    const text = `${name} ${entry.detail} ${entry.surface} ${entry.kind}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) return -1;
    if (name === query) return 3;
    if (name.startsWith(query)) return 2;
    return name.includes(query) ? 1 : 0;
  };

  const item = (entry) => {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = entry.href;
    const kind = document.createElement("span");
    kind.className = `result-kind kind-${entry.kind}`;
    kind.textContent = entry.kind;
    const name = document.createElement("span");
    name.className = "result-name";
    name.textContent = entry.name;
    const detail = document.createElement("span");
    detail.className = "result-detail";
    detail.textContent = `${entry.surface} · ${entry.detail}`;
    link.append(kind, name, detail);
    li.append(link);
    return li;
  };

  const say = (text) => {
    const note = document.createElement("li");
    note.className = "result-empty";
    note.textContent = text;
    list.append(note);
    list.hidden = false;
  };

  const render = () => {
    const query = input.value.trim().toLowerCase();
    list.replaceChildren();
    if (query === "") {
      list.hidden = true;
      return;
    }
    if (entries === undefined) {
      say("Loading the index…");
      load();
      return;
    }
    if (entries === null) {
      say("The search index (search-index.js) could not be loaded.");
      return;
    }
    const words = query.split(/\s+/);
    const ranked = entries
      .map((entry, position) => ({ entry, position, rank: score(entry, query, words) }))
      .filter((result) => result.rank >= 0)
      .sort((a, b) => b.rank - a.rank || a.position - b.position)
      .slice(0, LIMIT);
    if (ranked.length === 0) say("Nothing matches.");
    for (const result of ranked) list.append(item(result.entry));
    list.hidden = false;
  };

  const links = () => [...list.querySelectorAll("a")];
  const close = () => {
    list.hidden = true;
  };

  input.addEventListener("input", render);
  // Reaching for the box starts the load, so the index is usually there by the first key.
  input.addEventListener("pointerenter", load, { once: true });
  input.addEventListener("focus", () => {
    if (input.value.trim() !== "") render();
    else load();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") links()[0]?.click();
    if (event.key === "ArrowDown") {
      event.preventDefault();
      links()[0]?.focus();
    }
    if (event.key === "Escape") {
      input.value = "";
      close();
    }
  });
  list.addEventListener("keydown", (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (event.key === "ArrowDown") all[Math.min(at + 1, all.length - 1)]?.focus();
    if (event.key === "ArrowUp") (at <= 0 ? input : all[at - 1])?.focus();
    if (event.key === "Escape") {
      close();
      input.focus();
    }
    if (event.key.startsWith("Arrow")) event.preventDefault();
  });
  list.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) close();
  });
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && !event.target.closest(".search")) close();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && document.activeElement !== input) {
      event.preventDefault();
      input.focus();
    }
  });
})();

// Try it: the forms' script, styles and the form description of the page's surface load side by side (not
// one after the other; try-it.js takes the answers from chainkitTryItFetches) when the reader reaches
// for a "Try it" (points at it, touches it, focuses it, opens it, even before this script ran), never
// at load nor at idle after it: most readers never open a form, and on a phone's CPU starting it all
// was a long task of every reference page. No form is built until one is opened.
(() => {
  const begin = (details) => {
    if (window.chainkitTryItFetches) return;
    window.chainkitTryItFetches = new Map();
    if (location.protocol !== "file:") {
      const fetches = [
        [`try-it/${encodeURIComponent(details.dataset.tryIt)}.json`, undefined],
        ["try-it-targets.json", { cache: "no-store" }],
      ];
      for (const [url, init] of fetches) {
        const response = fetch(url, init);
        response.catch(() => {}); // try-it.js reports a failure when it takes the answer
        window.chainkitTryItFetches.set(url, response);
      }
    }
    document.head.append(
      Object.assign(document.createElement("link"), { rel: "stylesheet", href: "try-it.css" }),
      Object.assign(document.createElement("script"), { id: "try-it-script", src: "try-it.js" }),
    );
  };
  const reached = (event) => {
    const details = event.target instanceof Element && event.target.closest("details.try-it");
    if (details && (event.type !== "toggle" || details.open)) begin(details);
  };
  for (const type of ["pointerover", "focusin", "toggle"]) document.addEventListener(type, reached, true);
  const opened = document.querySelector("details.try-it[open]");
  if (opened) begin(opened);
})();
