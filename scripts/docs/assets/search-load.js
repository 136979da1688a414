// chainkit docs: the search index (search-index.js, shared by every page) is loaded by a <script>
// element on first use, never at page load: it is most of a page's weight, most readers never
// search, and the browser caches it from page to page. A script element loads from file://, where
// fetch() is refused. Resolves with the entries, or null when the file cannot be loaded.
let searchIndexLoading = null;
globalThis.chainkitLoadSearchIndex = () => {
  if (searchIndexLoading !== null) return searchIndexLoading;
  searchIndexLoading = new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = "search-index.js";
    script.addEventListener("load", () => resolve(globalThis.chainkitSearchIndex ?? null));
    script.addEventListener("error", () => resolve(null));
    document.head.append(script);
  });
  return searchIndexLoading;
};
