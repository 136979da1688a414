// chainkit docs: "Try it" forms. Loaded by site.js only when a reader first opens one, so a page
// carries none of this until then. Each form is built from try-it/<surface>.json (written from the
// spec at build time); Send checks what was typed and the answer with the operation's generated
// validators (try-it/<surface>/<module>.js) and the runtime's wording (try-it/check.js).
//
// Credentials typed here live in this closure only: never in storage, cookies or a URL (no <form>
// is ever submitted; node surfaces use basic auth, not the token-in-the-URL form). Text from the
// spec or an answer is shown with textContent only, never parsed as HTML. An answer's secrets (the
// fields the spec marks secret, credential headers, typed credentials echoed back) are masked: their
// values stay in this closure until the reader reveals one, and nothing here writes to the console.
(() => {
  if (window.chainkitTryIt) return;
  window.chainkitTryIt = true;

  const NODE_AUTH_WHY =
    "Sent as basic auth (an Authorization header) with the node's username and password, never as the token in the URL: a URL with the token in it is kept in history and logs.";
  const MEMORY_ONLY =
    "Kept in this tab's memory only: not stored, not put in any URL or cookie. Reloading or closing the page forgets it.";
  const SHOWN_ANSWER_LIMIT = 200_000;

  // site.js adds the styles with this script; a page that loads it otherwise gets them here.
  if (!document.querySelector('link[href="try-it.css"]')) {
    document.head.append(
      Object.assign(document.createElement("link"), { rel: "stylesheet", href: "try-it.css" }),
    );
  }

  /** Credentials by `<surface> <scheme> <part>`, in memory only. */
  const credentials = new Map();
  const descriptions = new Map();
  let targets;

  const element = (tag, props = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key in node) node[key] = value;
      else node.setAttribute(key, value);
    }
    node.append(...children);
    return node;
  };

  let counter = 0;
  const uniqueId = (hint) => `try-${hint.replace(/[^A-Za-z0-9_-]/g, "-")}-${++counter}`;

  /** A request site.js started when the reader reached for a form, or a new one. */
  const fetched = (url, init) => {
    const started = window.chainkitTryItFetches?.get(url);
    window.chainkitTryItFetches?.delete(url);
    return started ?? fetch(url, init);
  };

  const describe = (surface) => {
    if (!descriptions.has(surface)) {
      const url = `try-it/${encodeURIComponent(surface)}.json`;
      descriptions.set(
        surface,
        fetched(url).then((response) => {
          if (!response.ok) throw new Error(`try-it/${surface}.json: HTTP ${response.status}`);
          return response.json();
        }),
      );
    }
    return descriptions.get(surface);
  };

  // Where `chainkit docs --serve --sandbox` (or --mock) runs the local servers; absent on a static site.
  const localTargets = () => {
    targets ??= fetched("try-it-targets.json", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}));
    return targets;
  };

  const field = (labelText, input, hint) => {
    const wrap = element("div", { class: "try-field" });
    input.id = uniqueId(labelText);
    wrap.append(element("label", { htmlFor: input.id, text: labelText }), input);
    if (hint) wrap.append(element("span", { class: "try-hint", text: hint }));
    return wrap;
  };

  /** A credential input bound to the in-memory store. */
  const secretInput = (key, labelText, masked) => {
    const input = element("input", {
      type: masked ? "password" : "text",
      autocomplete: "off",
      spellcheck: false,
      value: credentials.get(key) ?? "",
    });
    input.dataset.credential = "";
    input.addEventListener("input", () => credentials.set(key, input.value));
    return field(labelText, input);
  };

  const credentialFields = (surface, description, schemeNames) => {
    const parts = [];
    for (const name of schemeNames) {
      const scheme = description.schemes[name];
      if (!scheme) continue;
      const key = `${surface} ${name}`;
      if (scheme.type === "bearer") parts.push(secretInput(`${key} token`, "Bearer token (API key)", true));
      if (scheme.type === "header") parts.push(secretInput(`${key} value`, `${scheme.name} header`, true));
      if (scheme.type === "basic") {
        parts.push(secretInput(`${key} username`, "Username", false));
        parts.push(secretInput(`${key} password`, "Password", true));
      }
      if (scheme.type === "unusable") parts.push(element("p", { class: "try-note", text: scheme.why }));
    }
    if (parts.length === 0) return undefined;
    const box = element("fieldset", { class: "try-credentials" }, [
      element("legend", { text: "Credentials" }),
    ]);
    box.append(...parts, element("p", { class: "try-hint", text: MEMORY_ONLY }));
    if (description.nodePath !== undefined)
      box.append(element("p", { class: "try-hint", text: NODE_AUTH_WHY }));
    return box;
  };

  /** The credentials typed for these schemes, and the header values made of them, to mask wherever an answer repeats them. */
  const knownSecrets = (surface, description, schemeNames) => {
    const typed = [...credentials].filter(([key]) => key.startsWith(`${surface} `)).map(([, value]) => value);
    const sent = Object.values(credentialHeaders(surface, description, schemeNames)).map((value) =>
      value.replace(/^(Bearer|Basic) /, ""),
    );
    return [...typed, ...sent].filter((value) => value !== "");
  };

  /** Headers carrying the credentials of the operation's schemes. */
  const credentialHeaders = (surface, description, schemeNames) => {
    const headers = {};
    for (const name of schemeNames) {
      const scheme = description.schemes[name];
      const key = `${surface} ${name}`;
      if (scheme?.type === "bearer" && credentials.get(`${key} token`))
        headers.authorization = `Bearer ${credentials.get(`${key} token`)}`;
      if (scheme?.type === "header" && credentials.get(`${key} value`))
        headers[scheme.name] = credentials.get(`${key} value`);
      if (
        scheme?.type === "basic" &&
        (credentials.get(`${key} username`) || credentials.get(`${key} password`))
      ) {
        const pair = `${credentials.get(`${key} username`) ?? ""}:${credentials.get(`${key} password`) ?? ""}`;
        headers.authorization = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(pair)))}`;
      }
    }
    return headers;
  };

  /** The base URL picker: the local server, the spec's servers, or a URL the reader types. */
  const basePicker = (description, local) => {
    const select = element("select");
    const choices = [];
    if (local) choices.push([local.url, `${local.label} (${local.url})`]);
    for (const url of description.servers) choices.push([url, url]);
    for (const [value, text] of choices) select.append(element("option", { value, text }));
    select.append(element("option", { value: "", text: "Another URL…" }));
    const custom = element("input", {
      type: "url",
      placeholder:
        description.nodePath !== undefined
          ? "your node's endpoint, e.g. https://nd-123-456-789.p2pify.com"
          : "https://…",
      autocomplete: "off",
      spellcheck: false,
    });
    const customField = field("Base URL", custom);
    customField.hidden = choices.length > 0;
    select.addEventListener("change", () => {
      customField.hidden = select.value !== "";
    });
    const wrap = element("div", { class: "try-base" }, [field("Send to", select), customField]);
    return { wrap, read: () => (select.value !== "" ? select.value : custom.value.trim()) };
  };

  /** A parameter's input: a required one holds the spec's example, an optional one shows it as a hint and sends nothing until typed; a secret's is masked. */
  const optionalField = (param) =>
    element("input", {
      type: param.secret ? "password" : "text",
      value: param.required ? param.example : "",
      placeholder: param.example,
      spellcheck: false,
      autocomplete: "off",
    });

  /** A typed field's text as the value the spec wants (numbers, booleans, lists, objects). */
  const readValue = (text, type) => {
    if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text))
      return Number(text);
    if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
    if (type === "array") return text.split(",").map((item) => item.trim());
    if (type === "object") {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
    return text;
  };

  const checkedBase = (raw) => {
    let url;
    try {
      url = new URL(raw);
    } catch {
      throw new Error("Choose where to send it: a base URL such as http://127.0.0.1:8500.");
    }
    if (!/^https?:$/.test(url.protocol)) throw new Error("The base URL must start with http:// or https://.");
    if (url.username || url.password || url.search)
      throw new Error(
        "Put credentials in the Credentials fields, not in the URL: a URL is kept in history and logs.",
      );
    return url.href.replace(/\/+$/, "");
  };

  const issueList = (issues) =>
    element(
      "ul",
      { class: "try-issues" },
      issues.map((issue) =>
        element("li", {}, [
          element("code", { text: issue.pointer === "" ? "(the whole answer)" : issue.pointer }),
          ` ${issue.message}`,
        ]),
      ),
    );

  /** A masked value: shown as its mask until the reader presses Reveal; the value is never in the DOM before. */
  const hiddenValue = ({ masked, value }) => {
    const reveal = element("button", {
      type: "button",
      class: "try-reveal",
      text: "Reveal",
      "aria-label": "Reveal this secret value",
    });
    const wrap = element("span", { class: "try-secret" }, [element("span", { text: masked }), reveal]);
    reveal.addEventListener("click", () => wrap.replaceWith(value), { once: true });
    return wrap;
  };

  const partsView = (parts) => parts.map((part) => (typeof part === "string" ? part : hiddenValue(part)));

  /** The answer's headers and body as parts, each secret masked (see try-it-answer-secrets.ts). */
  const maskedView = (checks, answer, secretPaths, known) => ({
    headerCount: answer.headers.length,
    headers: checks.maskHeaders(answer.headers, known),
    body: checks.maskAnswer(answer.text, secretPaths, known, SHOWN_ANSWER_LIMIT),
  });

  /** Shows an exchange: status, time, the spec check, the headers the page may read and the answer, secrets masked. */
  const showAnswer = (output, answer) => {
    const { status, statusText, ms, check, view } = answer;
    const kind = status >= 200 && status < 300 ? "ok" : "err";
    output.replaceChildren(
      element("p", { class: "try-status" }, [
        element("span", { class: `status-code status-${kind}`, text: String(status) }),
        ` ${statusText} · ${ms} ms`,
      ]),
    );
    if (check) {
      const where =
        check.response === undefined
          ? ""
          : ` (${check.response === "result" || check.response === "error" ? check.response : `the spec's ${check.response} answer`})`;
      if (check.issues.length === 0) {
        output.append(element("p", { class: "try-check try-check-ok", text: `Matches the spec${where}.` }));
      } else {
        output.append(
          element("p", {
            class: "try-check try-check-err",
            text: `${check.issues.length} mismatch${check.issues.length === 1 ? "" : "es"} with the spec${where}:`,
          }),
          issueList(check.issues),
        );
      }
    }
    if (view.headerCount > 0) {
      output.append(
        element("details", { class: "try-headers" }, [
          element("summary", { text: `Headers (${view.headerCount})` }),
          element("pre", {}, [element("code", {}, partsView(view.headers))]),
        ]),
      );
    }
    output.append(element("pre", { class: "try-answer" }, [element("code", {}, partsView(view.body))]));
  };

  const refuse = (output, message, issues) => {
    output.replaceChildren(element("p", { class: "try-check try-check-err", text: message }));
    if (issues) output.append(issueList(issues));
  };

  /** The checks and the operation's validators; a spec's shared module holds each operation's under its export. */
  const loadChecks = async (surface, where) => {
    const file = where && `./try-it/${encodeURIComponent(surface)}/${encodeURIComponent(where.module)}.js`;
    const [checks, module] = await Promise.all([import("./try-it/check.js"), file && import(file)]).catch(
      (error) => {
        throw new Error(`The checks could not load (${error.message}).`);
      },
    );
    return [checks, module && where.exportName ? module[where.exportName] : module];
  };

  const exchange = async (url, init) => {
    const started = performance.now();
    const response = await fetch(url, {
      ...init,
      credentials: "omit",
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
    const text = await response.text();
    return {
      status: response.status,
      statusText: response.statusText,
      ms: Math.round(performance.now() - started),
      headers: [...response.headers],
      text,
    };
  };

  const restForm = (details, surface, description, operation, local) => {
    const base = basePicker(description, local);
    const inputs = operation.params.map((param) => {
      const input = optionalField(param);
      const hint = `${param.in}${param.type ? ` · ${param.type}` : ""}${param.required ? " · required" : ""}`;
      return { param, input, wrap: field(param.name, input, hint) };
    });
    const body =
      operation.body &&
      element("textarea", {
        rows: Math.min(14, operation.body.example.split("\n").length + 1),
        value: operation.body.example,
        spellcheck: false,
      });
    const send = element("button", { type: "button", class: "try-send", text: "Send" });
    const output = element("div", { class: "try-output", "aria-live": "polite" });
    const credentialsBox = credentialFields(surface, description, operation.schemes);
    details.append(
      base.wrap,
      ...(credentialsBox ? [credentialsBox] : []),
      ...(inputs.length > 0
        ? [
            element("fieldset", { class: "try-params" }, [
              element("legend", { text: "Parameters" }),
              ...inputs.map((entry) => entry.wrap),
            ]),
          ]
        : []),
      ...(body ? [field(`Body (${operation.body.mediaType})`, body)] : []),
      send,
      output,
    );
    send.addEventListener("click", async () => {
      send.disabled = true;
      output.replaceChildren(element("p", { class: "try-hint", text: "Sending…" }));
      try {
        const root = checkedBase(base.read());
        const parts = { path: {}, query: {} };
        const headers = {};
        const search = new URLSearchParams();
        let path = operation.path.replace(/#.*$/, "");
        for (const { param, input } of inputs) {
          const text = input.value;
          if (text === "" && !param.required) continue;
          const value = readValue(text, param.type);
          if (param.in === "path") {
            parts.path[param.name] = value;
            path = path.replaceAll(`{${param.name}}`, encodeURIComponent(text));
          } else if (param.in === "query") {
            parts.query[param.name] = value;
            for (const item of Array.isArray(value) ? value : [value])
              search.append(param.name, typeof item === "object" ? JSON.stringify(item) : String(item));
          } else {
            headers[param.name] = text;
          }
        }
        let bodyText;
        if (body && (body.value.trim() !== "" || operation.body.required)) {
          bodyText = body.value;
          headers["content-type"] = operation.body.mediaType;
          if (/json/i.test(operation.body.mediaType)) {
            try {
              parts.body = JSON.parse(bodyText);
            } catch (error) {
              return refuse(output, `Not sent: the body is not JSON (${error.message}).`);
            }
          }
        }
        const [checks, module] = await loadChecks(surface, operation.module);
        if (module) {
          const issues = checks.checkRestRequest(module, parts);
          if (issues.length > 0)
            return refuse(
              output,
              "Not sent: the spec refuses this request, as the generated client would:",
              issues,
            );
        }
        Object.assign(headers, credentialHeaders(surface, description, operation.schemes));
        const query = search.toString();
        const answer = await exchange(`${root}${path}${query ? `?${query}` : ""}`, {
          method: operation.method,
          headers,
          ...(bodyText !== undefined && { body: bodyText }),
        });
        const secretPaths = module ? checks.restAnswerSecrets(module, answer.status) : [];
        const known = knownSecrets(surface, description, operation.schemes);
        showAnswer(output, {
          ...answer,
          check: module && checks.checkRestAnswer(module, answer.status, answer.text),
          view: maskedView(checks, answer, secretPaths, known),
        });
      } catch (error) {
        refuse(output, error instanceof TypeError ? noAnswer() : error.message);
      } finally {
        send.disabled = false;
      }
    });
  };

  const rpcForm = (details, surface, description, method, local) => {
    const base = basePicker(description, local);
    const inputs = method.params.map((param, index) => {
      const input = optionalField(param);
      const label = method.byName ? param.name : `#${index} ${param.name}`;
      return { param, input, wrap: field(label, input, `JSON${param.required ? " · required" : ""}`) };
    });
    const send = element("button", { type: "button", class: "try-send", text: "Send" });
    const output = element("div", { class: "try-output", "aria-live": "polite" });
    const credentialsBox = credentialFields(surface, description, Object.keys(description.schemes));
    details.append(
      base.wrap,
      ...(credentialsBox ? [credentialsBox] : []),
      ...(inputs.length > 0
        ? [
            element("fieldset", { class: "try-params" }, [
              element("legend", { text: "Params" }),
              ...inputs.map((entry) => entry.wrap),
            ]),
          ]
        : []),
      send,
      output,
    );
    send.addEventListener("click", async () => {
      send.disabled = true;
      output.replaceChildren(element("p", { class: "try-hint", text: "Sending…" }));
      try {
        const root = checkedBase(base.read());
        const values = [];
        for (const { param, input } of inputs) {
          const text = input.value.trim();
          if (text === "") {
            values.push(undefined);
            continue;
          }
          try {
            values.push(JSON.parse(text));
          } catch {
            return refuse(
              output,
              `Not sent: ${param.name} is not JSON; write a string in quotes, e.g. "latest".`,
            );
          }
        }
        while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
        const params = method.byName
          ? Object.fromEntries(
              inputs.flatMap(({ param }, index) =>
                values[index] === undefined ? [] : [[param.name, values[index]]],
              ),
            )
          : values.map((value) => (value === undefined ? null : value));
        const [checks, module] = await loadChecks(surface, method.module);
        if (module) {
          const issues = checks.checkRpcParams(module, params);
          if (issues.length > 0)
            return refuse(
              output,
              "Not sent: the spec refuses these params, as the generated client would:",
              issues,
            );
        }
        const answer = await exchange(`${root}${description.nodePath ?? ""}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...credentialHeaders(surface, description, Object.keys(description.schemes)),
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: method.method, params }),
        });
        const secretPaths = module ? checks.rpcAnswerSecrets(module) : [];
        const known = knownSecrets(surface, description, Object.keys(description.schemes));
        showAnswer(output, {
          ...answer,
          check: module && checks.checkRpcAnswer(module, answer.text),
          view: maskedView(checks, answer, secretPaths, known),
        });
      } catch (error) {
        refuse(output, error instanceof TypeError ? noAnswer() : error.message);
      } finally {
        send.disabled = false;
      }
    });
  };

  const noAnswer = () =>
    "No answer could be read: the server is not running, or it does not let this page read its answers (browsers need it to allow this page's origin; chainkit docs --serve --sandbox and chainkit mock --browser-origin do). See docs/portal-try-it.md.";

  const open = async (details) => {
    if (details.dataset.ready) return;
    details.dataset.ready = "loading";
    const surface = details.dataset.tryIt;
    const anchor = details.closest("section.operation")?.id ?? "";
    const body = element("div", { class: "try-body" });
    details.append(body);
    if (location.protocol === "file:") {
      body.append(
        element("p", {
          class: "try-note",
          text: "A page opened from a file cannot send requests or load the checks. Serve the portal to try it: npx chainkit docs --serve --sandbox (or, for your specs, chainkit docs <spec> --out <dir> --serve --mock).",
        }),
      );
      details.dataset.ready = "yes";
      return;
    }
    try {
      const [description, local] = await Promise.all([describe(surface), localTargets()]);
      const operation = description.operations[anchor];
      if (description.browserNote)
        body.append(element("p", { class: "try-hint", text: description.browserNote }));
      if (!operation) {
        body.append(
          element("p", { class: "try-note", text: "This operation cannot be tried from the page." }),
        );
      } else if (operation.blocked) {
        body.append(element("p", { class: "try-note", text: operation.blocked }));
      } else if (description.kind === "openrpc") {
        rpcForm(body, surface, description, operation, local[surface]);
      } else {
        restForm(body, surface, description, operation, local[surface]);
      }
    } catch (error) {
      body.append(element("p", { class: "try-note", text: `The form could not load: ${error.message}` }));
    }
    details.dataset.ready = "yes";
  };

  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (details instanceof HTMLDetailsElement && details.classList.contains("try-it") && details.open)
        open(details);
    },
    true,
  );
  for (const details of document.querySelectorAll("details.try-it[open]")) open(details);
  // Read the page's description now, while the reader has not opened a form yet.
  const first = document.querySelector("details.try-it");
  if (first && location.protocol !== "file:") describe(first.dataset.tryIt).catch(() => {});
})();
