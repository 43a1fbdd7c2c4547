/* Polemos in the browser: a single page over the JSON API (no framework, no build step).
 *
 * Pages: log in / sign up, the lobby ("/"), a game ("/game/{id}", "?invite=..." joins it), a replay
 * ("/replay/{id}"). The game page shows the board SVG the server draws (pan with drag, zoom with the
 * wheel, a pinch or the +/- buttons), the side panel, and the legal actions as buttons; clicking the
 * board narrows the actions to those whose refs start with the clicked sequence. The page never acts
 * on an old state: every POST carries the version of the seat's page it shows (each seat's page has its
 * own versions, moving only when what that seat may see moves), and a WebSocket sends the versions of
 * the user's own pages, so the page refetches when one of them changed.
 *
 * For tests and tools, the game page's <section id="game"> carries data-version, data-role and
 * data-ready ("1" when the page shows the latest view it fetched and nothing is in flight).
 */
"use strict";

(() => {
  // ------------------------------------------------------------------------------------ helpers
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

  /** Children as DOM nodes: arrays are flattened, strings become text, and null, undefined and false
   * (a part left out, as in `cond ? h(...) : null`) become nothing. The DOM's own append() would
   * print them as the words "null" and "undefined", so every child goes through here. */
  function nodes(kids) {
    return kids.flat(Infinity).filter((kid) => kid !== null && kid !== undefined && kid !== false)
      .map((kid) => (kid instanceof Node ? kid : String(kid)));
  }

  /** Add children to ``el`` (see nodes()); replace() puts them instead of its children. */
  function append(el, ...kids) { el.append(...nodes(kids)); return el; }
  function replace(el, ...kids) { el.replaceChildren(...nodes(kids)); return el; }

  /** An element: h("button", {class: "x", onclick: f}, "text", child, [more]). */
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "class") el.className = v;
      else if (k === "dataset") Object.assign(el.dataset, v);
      else if (k === "text") el.textContent = v;
      else if (k === "value") el.value = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
    return append(el, kids);
  }

  const PHONE = window.matchMedia("(max-width: 800px)");
  // ---------------------------------------------------------------------------- languages (issue 11)
  /* The page speaks the language the server chose for it (its <html lang>: ?lang=, the account's, the
   * switcher's cookie, else the browser's Accept-Language). Its strings come from the same gettext
   * catalog as the server's (GET /api/i18n/{lang}: English msgid -> translation); a string the
   * catalog lacks stays English. The log arrives already translated (the server renders it per viewer). */
  const i18n = { lang: document.documentElement.lang || "en", messages: {}, page: {}, languages: { en: "English", es: "Español" } };
  const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  /** A string of the page in the chosen language, its "{name}" placeholders filled from ``args``: the
   * catalog's, else the shown game page's own words (its answer's "tr": the game drew them in English). */
  function t(msg, args) {
    const s = own(i18n.messages, msg) ? i18n.messages[msg] : own(i18n.page, msg) ? i18n.page[msg] : msg;
    return args ? s.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m)) : s;
  }
  async function loadLanguage() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (asked) document.cookie = `polemos_lang=${encodeURIComponent(asked)}; path=/; max-age=31536000; samesite=lax`;
    if (i18n.lang === "en") return;
    try {
      const r = await fetch(`/api/i18n/${encodeURIComponent(i18n.lang)}`, { credentials: "same-origin" });
      if (r.ok) { const doc = await r.json(); i18n.messages = doc.messages; i18n.languages = doc.languages; }
    } catch (_err) { /* the page stays in English */ }
  }
  /** The language switcher: remembered in a cookie, and in the account when logged in; the page reloads. */
  async function setLanguage(lang) {
    document.cookie = `polemos_lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=lax`;
    if (session.user) { try { await api("PUT", "/api/me/lang", { lang }); } catch (_err) { /* the cookie still holds it */ } }
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.assign(url.pathname + url.search);
  }
  function languageSwitcher() {
    const sel = h("select", { id: "lang", "aria-label": t("Language") },
      Object.entries(i18n.languages).map(([code, name]) => h("option", { value: code, lang: code }, name)));
    sel.value = i18n.lang;
    sel.addEventListener("change", () => setLanguage(sel.value));
    return sel;
  }

  const title = (s) => (s ? t(String(s).replace(/[-_]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())) : "");
  const humanKey = (k) => { const s = String(k).replace(/_/g, " "); return t(s.charAt(0).toUpperCase() + s.slice(1)); };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  const session = { user: null, csrf: null, catalog: null };

  /** One call of the JSON API; errors become ApiError with the server's {"error": message}. */
  async function api(method, url, body) {
    const opts = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    if (method !== "GET" && session.csrf) opts.headers["X-CSRF-Token"] = session.csrf;
    let response;
    try {
      response = await fetch(url, opts);
    } catch (err) {
      throw new ApiError(0, t("the server cannot be reached ({reason})", { reason: err.message }));
    }
    let data = null;
    try { data = await response.json(); } catch (_err) { data = null; }
    if (!response.ok) {
      throw new ApiError(response.status, (data && data.error) || `HTTP ${response.status}`);
    }
    return data;
  }

  async function catalog() {
    if (!session.catalog) session.catalog = await api("GET", "/api/catalog");
    return session.catalog;
  }

  // ------------------------------------------------------------------------- notices, announcements
  function notify(message, kind = "info", ms = 7000) {
    const box = $("#notices");
    const note = h("div", { class: `notice ${kind}`, role: kind === "error" ? "alert" : null },
      h("span", null, message),
      h("button", { class: "close", "aria-label": t("Dismiss"), onclick: () => note.remove() }, "×"));
    box.append(note);
    if (ms) setTimeout(() => note.remove(), ms);
    return note;
  }

  let lastAnnounced = "";
  function announce(text) {
    if (!text || text === lastAnnounced) return;
    lastAnnounced = text;
    const live = $("#announce");
    live.textContent = "";
    setTimeout(() => { live.textContent = text; }, 60);
  }

  // --------------------------------------------------------------------------------- the router
  let current = null; // the page object shown (has stop())

  function navigate(path, replace = false) {
    history[replace ? "replaceState" : "pushState"]({}, "", path);
    route();
  }

  document.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest("a[data-link]");
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(a.getAttribute("href"));
  });
  window.addEventListener("popstate", () => route());

  async function loadMe() {
    try {
      const me = await api("GET", "/api/me");
      session.user = me.user;
      session.csrf = me.csrf;
    } catch (err) {
      session.user = null;
      session.csrf = null;
      if (err.status !== 401) notify(err.message, "error");
    }
  }

  function renderNav() {
    const nav = $("#nav");
    nav.replaceChildren();
    if (session.user) {
      nav.append(
        h("a", { href: "/", "data-link": true }, t("Lobby")),
        h("span", { class: "who" }, t("Signed in as "), h("strong", { id: "whoami" }, session.user)),
        h("button", { type: "button", id: "logout", class: "link", onclick: logout }, t("Log out")),
        h("button", { type: "button", id: "logout-all", class: "link", onclick: logoutEverywhere,
          title: t("End your sessions on every device (a lost phone, a shared computer)") }, t("Log out everywhere")));
    } else {
      nav.append(h("a", { href: loginHref(), "data-link": true }, t("Log in")));
    }
    nav.append(languageSwitcher());
  }

  /** The log-in page, coming back to this game or replay afterwards. */
  function loginHref() {
    return /^\/(game|replay)\/\d+$/.test(location.pathname) ? `/?next=${encodeURIComponent(location.pathname)}` : "/";
  }

  async function logout() {
    try { await api("POST", "/api/logout", {}); } catch (err) { notify(err.message, "error"); }
    loggedOut();
  }

  async function logoutEverywhere() {
    try {
      const r = await api("POST", "/api/logout-everywhere", {});
      notify(r.sessions === 1 ? t("Logged out everywhere (1 session ended).")
        : t("Logged out everywhere ({n} sessions ended).", { n: r.sessions }));
    } catch (err) { notify(err.message, "error"); }
    loggedOut();
  }

  function loggedOut() {
    session.user = null;
    session.csrf = null;
    renderNav();
    navigate("/");
  }

  async function route() {
    if (current) current.stop();
    current = null;
    const app = $("#app");
    const path = location.pathname;
    const params = new URLSearchParams(location.search);
    let m;
    if ((m = path.match(/^\/replay\/(\d+)\/?$/))) {
      current = new ReplayPage(Number(m[1]));
    } else if ((m = path.match(/^\/game\/(\d+)\/?$/))) {
      current = session.user || !params.get("invite") ? new GamePage(Number(m[1]), params.get("invite"))
        : new AuthPage(t("Log in or sign up to accept the invitation."));
    } else if (session.user) {
      current = new Lobby();
    } else {
      current = new AuthPage();
    }
    renderNav();
    app.replaceChildren();
    window.scrollTo(0, 0);
    await current.start(app);
  }

  // ------------------------------------------------------------------------------ log in / sign up
  class AuthPage {
    constructor(message) { this.message = message; }
    stop() {}

    start(app) {
      document.title = t("Polemos — log in");
      const form = (kind, label, url) => {
        const error = h("p", { class: "error", role: "alert", id: `${kind}-error` });
        const name = h("input", { id: `${kind}-name`, name: "name", required: true, autocomplete: "username",
          maxlength: 40 });
        const password = h("input", { id: `${kind}-password`, name: "password", type: "password", required: true,
          autocomplete: kind === "signup" ? "new-password" : "current-password" });
        const f = h("form", { class: "card auth", id: `${kind}-form` },
          h("h2", null, label),
          h("label", { for: name.id }, t("Name")), name,
          h("label", { for: password.id }, t("Password")), password,
          kind === "signup" ? h("p", { class: "hint" }, t("A name of 2-40 letters, digits, '.', '-' or '_' (no one else's, "
            + "whatever the case); a password of 8-200 characters, not only spaces, not your name.")) : null,
          h("button", { type: "submit", class: "primary" }, label), error);
        f.addEventListener("submit", async (e) => {
          e.preventDefault();
          error.textContent = "";
          try {
            const r = await api("POST", url, { name: name.value.trim(), password: password.value });
            session.user = r.user;
            session.csrf = r.csrf;
            const next = new URLSearchParams(location.search).get("next");
            if (next && /^\/(game|replay)\/\d+$/.test(next)) navigate(next, true);
            else route();
          } catch (err) {
            error.textContent = err.message;
          }
        });
        return f;
      };
      append(app,
        h("h1", null, "Polemos"),
        h("p", { class: "lead" }, t("The wargames of the Peloponnesian War, every rule enforced.")),
        this.message ? h("p", { class: "notice info" }, this.message) : null,
        h("div", { class: "auth-forms" }, form("login", t("Log in"), "/api/login"), form("signup", t("Sign up"), "/api/signup")),
        h("p", null, t("Finished games can be watched without an account from their replay links.")));
    }
  }

  // ---------------------------------------------------------------------------------------- lobby
  function seatLine(game) {
    return game.seats.map((s) => `${title(s.role)}: ${s.kind === "open" ? t("(open)") : s.kind === "bot" ? t("bot {name}", { name: s.bot }) : s.player}`)
      .concat((game.rules_play || []).map((r) => t("{role}: the rules", { role: title(r) })))
      .join(" · ");
  }

  /** A game whose creator chose the seed (allowed only with no other human player) says so. */
  function seedTag(game) {
    return game.seed_chosen ? h("span", { class: "tag seed-chosen", title: t("The creator chose this game's seed, "
      + "so the deals and dice were known beforehand") }, t("seed chosen")) : null;
  }

  function resultText(game) {
    const r = game.result;
    if (!r) return game.winner ? t("{role} won", { role: title(game.winner) }) : t("finished");
    const who = r.winner ? t("{role} won", { role: title(r.winner) }) : t("a draw");
    return r.reason ? `${who} — ${r.reason}` : who;
  }

  const PAGE = 20; // games per lobby page
  const PAGE_MAX = 100; // the most the server gives in one request

  class Lobby {
    stop() { clearInterval(this.timer); this.stopped = true; }

    async start(app) {
      document.title = t("Polemos — lobby");
      this.lists = {};
      this.shown = { open: PAGE, mine: PAGE, finished: PAGE }; // games asked for per list ("Show more" adds a page)
      const games = await catalog();
      this.createForm = this.buildCreate(games);
      app.append(
        h("h1", null, t("Lobby")),
        h("div", { class: "lobby" },
          h("section", { class: "card", id: "my-games", "aria-labelledby": "my-h" }, h("h2", { id: "my-h" }, t("My games")),
            h("ul", { class: "games" })),
          h("section", { class: "card", id: "open-games", "aria-labelledby": "open-h" },
            h("h2", { id: "open-h" }, t("Open games to join"), " ",
              h("button", { type: "button", class: "small", id: "refresh-lobby", onclick: () => this.refresh() }, t("Refresh"))),
            h("ul", { class: "games" })),
          h("section", { class: "card", id: "create", "aria-labelledby": "create-h" }, h("h2", { id: "create-h" }, t("New game")),
            this.createForm),
          h("section", { class: "card", id: "finished-games", "aria-labelledby": "fin-h" },
            h("h2", { id: "fin-h" }, t("Finished games")), h("ul", { class: "games" }))));
      await this.refresh();
      this.timer = setInterval(() => this.refresh(), 5000);
    }

    /** The first ``count`` games of a lobby list, in pages of at most PAGE_MAX (the server's limit). */
    async fetchList(which, count) {
      const out = [];
      while (out.length < count) {
        const limit = Math.min(PAGE_MAX, count - out.length);
        const page = await api("GET", `/api/games?list=${which}&limit=${limit}&offset=${out.length}`);
        out.push(...page);
        if (page.length < limit) break;
      }
      return out;
    }

    async refresh() {
      let open, mine, finished;
      try {
        [open, mine, finished] = await Promise.all(["open", "mine", "finished"].map((w) => this.fetchList(w, this.shown[w])));
      } catch (err) {
        if (err.status === 401) { session.user = null; route(); return; }
        notify(err.message, "error");
        return;
      }
      if (this.stopped) return;
      this.fill("#my-games", "mine", mine, (g) => this.mineItem(g), t("You have no games yet: create one or join an open one."));
      this.fill("#open-games", "open", open, (g) => this.openItem(g), t("No open games right now."),
        (g) => !g.my_roles.length);
      this.fill("#finished-games", "finished", finished, (g) => this.finishedItem(g), t("No finished games yet."));
    }

    /** A list's games (those ``keep`` keeps), and "Show more" when a full page came (there may be more). */
    fill(sel, which, games, item, empty, keep = () => true) {
      const more = games.length >= this.shown[which];
      const key = JSON.stringify([games, more]);
      if (this.lists[sel] === key) return;
      this.lists[sel] = key;
      const shown = games.filter(keep);
      const ul = $(`${sel} ul`);
      ul.replaceChildren(...(shown.length ? shown.map(item) : [h("li", { class: "empty" }, empty)]),
        ...(more ? [h("li", { class: "more" }, h("button", { type: "button", class: "small show-more", dataset: { list: which },
          onclick: () => { this.shown[which] += PAGE; this.refresh(); } }, t("Show more")))] : []));
    }

    mineItem(g) {
      const toMove = g.active.map(title).join(", ");
      let state;
      if (g.status === "finished") state = h("span", { class: "status" }, resultText(g), " · ", h("a", { href: `/replay/${g.id}`, "data-link": true }, t("replay")));
      else if (g.status === "open") state = h("span", { class: "status" }, t("waiting for players"));
      else if (g.my_turn) state = h("span", { class: "badge turn" }, t("Your turn ({roles})", { roles: g.my_roles.filter((r) => g.active.includes(r)).map(title).join(", ") }));
      else state = h("span", { class: "status" }, t("To move: {roles}", { roles: toMove || "—" }));
      const invite = g.status === "open" && g.invite ? `${location.origin}/game/${g.id}?invite=${encodeURIComponent(g.invite)}` : null;
      return h("li", { class: "game-item" + (g.my_turn && g.status === "active" ? " my-turn" : ""), dataset: { id: g.id } },
        h("a", { href: `/game/${g.id}`, "data-link": true, class: "game-link" }, `${t(g.title)} #${g.id}`),
        g.hotseat ? h("span", { class: "tag" }, t("hot-seat")) : null, seedTag(g), " ", state,
        h("div", { class: "seats" }, seatLine(g)),
        invite ? h("div", { class: "seats" }, t("Invitation link: "), h("a", { href: invite, class: "invite" }, invite)) : null);
    }

    openItem(g) {
      const open = g.seats.filter((s) => s.kind === "open");
      return h("li", { class: "game-item", dataset: { id: g.id } },
        h("a", { href: `/game/${g.id}`, "data-link": true, class: "game-link" }, `${t(g.title)} #${g.id}`),
        g.scenario ? h("span", { class: "tag" }, g.scenario) : null,
        h("div", { class: "seats" }, seatLine(g)),
        h("div", { class: "join" }, open.map((s) => h("button", { type: "button", class: "primary small join-seat",
          dataset: { role: s.role, game: g.id },
          onclick: async () => {
            try {
              await api("POST", `/api/games/${g.id}/join`, { role: s.role });
              navigate(`/game/${g.id}`);
            } catch (err) { notify(err.message, "error"); this.refresh(); }
          } }, t("Join as {role}", { role: title(s.role) })))));
    }

    finishedItem(g) {
      return h("li", { class: "game-item", dataset: { id: g.id } },
        h("a", { href: `/replay/${g.id}`, "data-link": true, class: "game-link" }, `${t(g.title)} #${g.id}`), seedTag(g), " ",
        h("span", { class: "status" }, resultText(g)), h("div", { class: "seats" }, seatLine(g)));
    }

    buildCreate(games) {
      const error = h("p", { class: "error", role: "alert", id: "create-error" });
      const gameSel = h("select", { id: "new-game", name: "game" }, games.map((g) => h("option", { value: g.id }, t(g.title))));
      const scenario = h("select", { id: "new-scenario", name: "scenario" });
      const scenarioLabel = h("label", { for: "new-scenario" }, t("Scenario"));
      const options = h("fieldset", { id: "new-options" });
      const seats = h("fieldset", { id: "new-seats" });
      const hotseat = h("input", { type: "checkbox", id: "new-hotseat", name: "hotseat" });
      const seed = h("input", { type: "number", id: "new-seed", name: "seed", min: 0, step: 1, placeholder: t("random") });
      const form = h("form", { id: "create-form" },
        h("label", { for: "new-game" }, t("Game")), gameSel,
        scenarioLabel, scenario,
        options, seats,
        h("label", { class: "check" }, hotseat, " ", t("Hot-seat: I play several seats on this device")),
        h("details", null, h("summary", null, t("Advanced")), h("label", { for: "new-seed" }, t("Seed (for a repeatable game)")), seed),
        h("button", { type: "submit", class: "primary", id: "create-game" }, t("Create game")), error);

      const fill = () => {
        const g = games.find((x) => x.id === gameSel.value) || games[0];
        // one list chooses the scenario (issue 11): a game whose options choose it (their list says each one's rule)
        // shows that list alone, and a game of one scenario shows none — The Peloponnesian War and Sparta vs. Athens
        // showed two "Scenario" lists, and a different choice in each was refused ("... disagree")
        const byOption = (g.options || []).some((spec) => spec.name === "scenario");
        const none = byOption || g.scenarios.length < 2;
        scenarioLabel.hidden = scenario.hidden = none;
        scenario.replaceChildren(...(none ? [] : g.scenarios.map((s) => h("option", { value: s }, title(s)))));
        options.replaceChildren(h("legend", null, t("Options")));
        const specs = g.options || []; // the game's option schema: {name, type, description, default, ...}
        if (!specs.length) options.append(h("p", { class: "hint" }, t("This game has no options.")));
        for (const spec of specs) options.append(...optionControl(spec, "opt-"));
        const defaults = g.seats || g.roles;
        fillSeats(g, { seats: defaults, rules_play: g.roles.filter((r) => !defaults.includes(r)) });
      };
      // Each option gets the control its schema's type calls for (a checkbox, a list of its choices, a
      // number within its range; an object's fields under a checkbox that turns it on), so no one types JSON.
      const optionControl = (spec, prefix) => {
        const id = `${prefix}${spec.name}`;
        const about = h("p", { class: "hint", id: `${id}-d` }, t(String(spec.description)));
        const common = { id, "aria-describedby": `${id}-d` };
        if (spec.type === "bool" || spec.type === "object") {
          const box = h("input", { type: "checkbox", ...common });
          box.checked = spec.type === "bool" && spec.default === true;
          const label = h("label", { class: "check", for: id }, box, " ", humanKey(spec.name));
          if (spec.type === "bool") return [label, about];
          const fields = h("fieldset", { class: "option-fields", id: `${id}-fields`, disabled: true },
            ...spec.fields.flatMap((f) => optionControl(f, `${id}-`)));
          box.addEventListener("change", () => { fields.disabled = !box.checked; });
          return [label, about, fields];
        }
        const label = h("label", { for: id }, humanKey(spec.name));
        if (spec.type === "choice") {
          const sel = h("select", common, spec.default == null ? h("option", { value: "" }, t("choose…")) : null,
            spec.choices.map((c) => h("option", { value: c }, title(c))));
          sel.value = spec.default == null ? "" : String(spec.default);
          return [label, sel, about];
        }
        const range = spec.minimum !== undefined && spec.maximum !== undefined ? ` (${spec.minimum}–${spec.maximum})` : "";
        return [h("label", { for: id }, humanKey(spec.name) + range),
          h("input", { type: "number", step: 1, min: spec.minimum, max: spec.maximum, inputmode: "numeric",
            placeholder: spec.default == null ? "" : String(spec.default), ...common }), about];
      };
      // the value a control holds, or undefined for "the game's default"; the server checks the rest
      const readOption = (spec, prefix) => {
        const el = $(`#${prefix}${spec.name}`, options);
        if (!el) return undefined;
        if (spec.type === "bool") return el.checked === (spec.default === true) ? undefined : el.checked;
        if (spec.type === "choice") return el.value === "" || el.value === spec.default ? undefined : el.value;
        if (spec.type === "object") {
          if (!el.checked) return undefined;
          const out = {};
          for (const f of spec.fields) {
            const v = readOption(f, `${prefix}${spec.name}-`);
            if (v !== undefined) out[f.name] = v;
          }
          return out;
        }
        const raw = el.value.trim();
        return raw === "" ? undefined : /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
      };
      const readOptions = () => {
        const g = games.find((x) => x.id === gameSel.value) || games[0];
        const out = {};
        for (const spec of g.options || []) {
          const v = readOption(spec, "opt-");
          if (v !== undefined) out[spec.name] = v;
        }
        return out;
      };
      // Only seats get a row: a role the rules play with these options (an automaton) is named, not offered.
      const fillSeats = (g, info) => {
        // a choice already made for a seat that stays (its kind and its bot) is kept
        const before = Object.fromEntries($$("select[data-role]", seats).map((sel) => [sel.dataset.role, sel.value]));
        const bots = Object.fromEntries($$("select[data-role]", seats).map((sel) => [sel.dataset.role, $(`#bot-${sel.dataset.role}`, seats).value]));
        seats.replaceChildren(h("legend", null, t("Seats")));
        info.seats.forEach((role, k) => {
          const kind = h("select", { id: `seat-${role}`, dataset: { role } },
            h("option", { value: "me" }, t("me")), h("option", { value: "open" }, t("open (another player)")),
            h("option", { value: "bot" }, t("bot")));
          kind.value = before[role] || (k === 0 || hotseat.checked ? "me" : "open");
          const bot = h("select", { id: `bot-${role}`, "aria-label": t("{role} bot", { role: title(role) }), disabled: kind.value !== "bot",
            hidden: kind.value !== "bot" }, (g.bots || []).map((b) => h("option", { value: b }, b)));
          if (bots[role]) bot.value = bots[role];
          kind.addEventListener("change", () => { bot.disabled = bot.hidden = kind.value !== "bot"; });
          seats.append(h("div", { class: "seat-row" }, h("label", { for: kind.id }, title(role)), kind, bot));
        });
        for (const role of info.rules_play || []) {
          seats.append(h("p", { class: "hint rules-play", dataset: { rulesRole: role } },
            t("{role}: played by the rules (no seat)", { role: title(role) })));
        }
      };
      let seatsAsked = Promise.resolve();
      let seatsTimer = null;
      const refreshSeats = () => {
        const g = games.find((x) => x.id === gameSel.value) || games[0];
        seatsAsked = api("POST", `/api/catalog/${encodeURIComponent(g.id)}/seats`, readOptions())
          .then((info) => { if (gameSel.value === g.id) fillSeats(g, info); })
          .catch(() => {}); // bad options: creating the game reports them
        return seatsAsked;
      };
      const optionsChanged = () => { clearTimeout(seatsTimer); seatsTimer = setTimeout(refreshSeats, 250); };
      options.addEventListener("input", optionsChanged);
      options.addEventListener("change", optionsChanged);
      gameSel.addEventListener("change", fill);
      hotseat.addEventListener("change", () => {
        if (!hotseat.checked) return;
        for (const sel of $$("select[data-role]", seats)) if (sel.value === "open") { sel.value = "me"; }
      });
      fill();

      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        error.textContent = "";
        clearTimeout(seatsTimer);
        await refreshSeats(); // the seats offered match the options sent
        const body = { game: gameSel.value, scenario: scenario.value || null, hotseat: hotseat.checked, seats: {},
          options: readOptions() };
        for (const sel of $$("select[data-role]", seats)) {
          const role = sel.dataset.role;
          body.seats[role] = sel.value === "bot" ? { kind: "bot", bot: $(`#bot-${role}`).value } : { kind: sel.value };
        }
        // a seed goes as its digits: Number() would round one past 2^53 to another game's seed
        if (seed.value !== "") {
          if (!/^\d{1,80}$/.test(seed.value.trim())) { error.textContent = t("The seed is a whole number of at most 80 digits."); return; }
          body.seed = seed.value.trim();
        }
        try {
          const r = await api("POST", "/api/games", body);
          navigate(`/game/${r.id}`);
        } catch (err) {
          error.textContent = err.message;
        }
      });
      return form;
    }
  }

  // ------------------------------------------------------------------------ generic panel rendering
  const PRIMARY = ["label", "name", "title", "id", "side"];

  function isScalar(v) { return v === null || ["string", "number", "boolean"].includes(typeof v); }
  function scalarText(v) { return typeof v === "boolean" ? (v ? t("yes") : t("no")) : t(String(v)); }
  function isEmpty(v) {
    return v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length)
      || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
  }

  /** A value of the panel as DOM: scalars as text, lists as lists, objects as definition lists. */
  function renderValue(v) {
    if (isEmpty(v)) return null;
    if (v && v.card === true) return renderCard(v);
    if (isScalar(v)) return document.createTextNode(scalarText(v));
    if (Array.isArray(v)) {
      if (v.every(isScalar) && v.join(", ").length <= 80) return document.createTextNode(v.map(scalarText).join(", "));
      return h("ul", { class: "plain" }, v.map((x) => h("li", null, isScalar(x) ? scalarText(x) : renderItem(x))));
    }
    return h("dl", { class: "kv" }, Object.entries(v).filter(([, x]) => !isEmpty(x))
      .map(([k, x]) => [h("dt", null, humanKey(k)), h("dd", null, renderValue(x))]));
  }

  /** An object inside a list (a card, a unit, a contingent): its name first, its details after. */
  function renderItem(obj) {
    if (Array.isArray(obj)) return renderValue(obj);
    if (obj && obj.card === true) return renderCard(obj);
    const key = PRIMARY.find((k) => isScalar(obj[k]) && !isEmpty(obj[k]));
    const shown = key ? t(String(obj[key])) : null;
    const small = [];
    const long = [];
    const nested = [];
    for (const [k, x] of Object.entries(obj)) {
      if (k === key || k === "id" || isEmpty(x)) continue;  // an id is for the page, never shown beside a name
      if (isScalar(x)) {
        const t = scalarText(x);
        if (t === shown) continue;
        if (t.length > 40) long.push(t); else small.push(`${humanKey(k).toLowerCase()} ${t}`);
      } else nested.push([k, x]);
    }
    return h("div", { class: "item" },
      shown ? h("strong", null, shown) : null,
      small.length ? h("span", { class: "meta" }, (shown ? " · " : "") + small.join(" · ")) : null,
      long.map((t) => h("p", { class: "hint" }, t)),
      nested.length ? renderValue(Object.fromEntries(nested)) : null);
  }

  const RULE_RE = /(\((?:\[\d+\]|\d+(?:\.\d+)*[a-z]?|[A-Z](?: \/ [\d.]+)?)(?:[,;] ?(?:\[\d+\]|\d+(?:\.\d+)*[a-z]?))*\)|^\d+\.\d+(?:\.\d+)*:?|\[\d+\])/g;

  /** A log line with its rule numbers marked up. The server sends the log as people read it (the
   * response's "log", rendered by polemos.core.log for the page, the terminal and replays alike). */
  function logLine(line) {
    const text = String(line);
    const li = h("li");
    let at = 0;
    for (const m of text.matchAll(RULE_RE)) {
      li.append(text.slice(at, m.index), h("span", { class: "rule" }, m[0]));
      at = m.index + m[0].length;
    }
    li.append(text.slice(at));
    return li;
  }

  /** A card as a card: its title, its MPs, its event text (a game's panel marks it ``card: true``). */
  function renderCard(c) {
    return h("div", { class: "game-card" + (c.event ? " event" : ""), dataset: { actions: (c.actions || []).join("|") } },
      h("div", { class: "card-head" }, h("strong", null, t(String(c.title))), h("span", { class: "mp" }, t("{n} MP", { n: c.mp }))),
      c.text ? h("p", { class: "card-text", title: t(String(c.text)) }, t(String(c.text))) : null);
  }

  /** What matters now, above the actions: the panel's ``now`` lines, then the hand (cards as cards). */
  function renderNow(panel) {
    const out = [];
    if (Array.isArray(panel.now) && panel.now.length) out.push(h("ul", { class: "now" }, panel.now.map((x) => h("li", null, t(String(x))))));
    if (Array.isArray(panel.hand)) {
      out.push(h("h2", null, t("Your hand ({n})", { n: panel.hand.length })),
        panel.hand.length ? h("div", { class: "hand" }, panel.hand.map((c) => (c && c.card === true ? renderCard(c) : renderItem(c))))
          : h("p", { class: "hint" }, t("No cards.")));
    }
    return out;
  }

  function renderPanel(panel) {
    const skip = new Set(["prompt", "log", "role", "title", "plans", "why", "quick", "now", "hand"]);
    const out = h("div", { class: "panel" });
    for (const [k, v] of Object.entries(panel || {})) {
      if (skip.has(k) || isEmpty(v)) continue;
      const value = renderValue(v);
      if (isScalar(v) || (Array.isArray(v) && value instanceof Text)) {
        out.append(h("div", { class: "row", dataset: { key: k } }, h("span", { class: "k" }, humanKey(k) + ": "), value));
      } else {
        out.append(h("section", { class: "block", dataset: { key: k } }, h("h3", null, humanKey(k)), value));
      }
    }
    return out;
  }

  // ------------------------------------------------------------------------------ the board widget
  /** The board SVG with pan (drag), zoom (wheel, pinch, buttons) and click-through to the page. */
  class BoardView {
    constructor(onClick) {
      this.onClick = onClick;
      this.s = 1; this.tx = 0; this.ty = 0;
      this.pointers = new Map();
      this.canvas = h("div", { class: "board-canvas" });
      this.el = h("div", { class: "board-viewport", id: "board", tabindex: "0",
        "aria-label": t("Board: drag to pan, wheel or pinch to zoom, + and - keys to zoom") }, this.canvas);
      const btn = (label, aria, fn, id) => h("button", { type: "button", "aria-label": aria, title: aria, id, onclick: fn }, label);
      // the zoom buttons in a toolbar row above the board (issue 11), not over it: nothing of the board is
      // under them at any zoom; the row says how to pan and zoom (the board's own screen-reader name says it too)
      this.controls = h("div", { class: "zoom", role: "toolbar", "aria-label": t("Zoom") },
        h("span", { class: "board-hint", "aria-hidden": "true" }, t("Board: drag to pan, wheel or pinch to zoom, + and - keys to zoom")),
        btn("+", t("Zoom in"), () => this.zoomCentre(1.4), "zoom-in"),
        btn("−", t("Zoom out"), () => this.zoomCentre(1 / 1.4), "zoom-out"),
        btn("⤢", t("Fit the board"), () => this.fit(), "zoom-fit"));
      // a board that declares a focus (data-focus, e.g. Sparta vs. Athens' Aegean) fits it on a small screen; this
      // button, shown then, draws the whole board instead (issue 11: a clear way to the rest of the map)
      this.wholeButton = h("button", { type: "button", class: "zoom-whole", id: "zoom-whole",
        title: t("Show the whole map"), onclick: () => this.whole() }, t("Whole map"));
      this.controls.insertBefore(this.wholeButton, this.controls.children[1]);
      this.wrap = h("div", { class: "board-wrap" }, this.controls, this.el);
      this.fitted = true;  // at fit (not zoomed or panned since): a new size fits again
      this.bind();
      // the class "far" and the fit follow the board's size: a window resized or a phone turned (issue 11)
      if (typeof ResizeObserver === "function") new ResizeObserver(() => this.resized()).observe(this.el);
      window.addEventListener("orientationchange", () => this.resized());
    }

    resized() {
      if (!this.svg) return;
      if (this.fitted) this.fit();
      else this.apply();
    }

    setSvg(markup) {
      if (markup) this.canvas.innerHTML = markup;
      else replace(this.canvas, h("p", { class: "hint" }, t("No board for this game.")));
      this.svg = this.canvas.querySelector("svg");
      if (this.svg) {
        for (const el of this.svg.querySelectorAll("[data-ref]")) this.mark(el, false);
        this.svg.removeAttribute("width");
        this.svg.removeAttribute("height");
        this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
        const box = (this.svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
        this.box = box.length === 4 && box[2] > 0 && box[3] > 0 ? box : null;
        if (this.box) this.wrap.style.setProperty("--board-aspect", `${box[2]} / ${box[3]}`);
        const focus = (this.svg.getAttribute("data-focus") || "").trim().split(/[\s,]+/).map(Number);
        this.focus = this.box && focus.length === 4 && focus[2] > focus[0] && focus[3] > focus[1]
          && Number(this.svg.getAttribute("data-focus-scale")) > 0 ? focus : null;
        // the board's own words in the page's language (the server drew them in English; tr has them)
        if (i18n.lang !== "en") {
          for (const el of this.svg.querySelectorAll("text, tspan, title")) {
            if (el.children.length) continue;
            const said = el.textContent.trim();
            const shown = t(said);
            if (shown !== said) el.textContent = shown;
          }
          // and the names screen readers read (a board control's name is its label, issue 11)
          for (const el of this.svg.querySelectorAll("[aria-label]")) {
            const said = el.getAttribute("aria-label");
            const shown = t(said);
            if (shown !== said) el.setAttribute("aria-label", shown);
          }
        }
      }
      if (this.fitted) this.fit();
      else this.apply();
    }

    /** The focus to fit now: the board declares one (data-focus "x0 y0 x1 y1" in its units, data-focus-scale px a
     * unit) and the whole board would be drawn smaller than that scale; on a narrow screen the board's frame then
     * takes the focus' shape (the CSS --board-aspect). */
    focusNow() {
      if (!this.focus || !this.box) return null;
      const wide = this.el.clientWidth;
      const scale = Number(this.svg.getAttribute("data-focus-scale"));
      const [x0, y0, x1, y1] = this.focus;
      const on = wide > 0 && wide / this.box[2] < scale;
      this.wrap.classList.toggle("focusing", on);
      this.wrap.style.setProperty("--board-aspect", on ? `${x1 - x0} / ${y1 - y0}` : `${this.box[2]} / ${this.box[3]}`);
      return on ? { x0, y0, x1, y1, scale } : null;
    }

    apply() {
      this.canvas.style.transform = `translate(${this.tx}px, ${this.ty}px) scale(${this.s})`;
      // a board that names only its main places when small (data-near-scale: the screen px per board unit from
      // which its detail reads, e.g. Sparta vs. Athens' wide map, issue 11) gets the class "far" below it
      const near = this.svg ? Number(this.svg.getAttribute("data-near-scale")) : 0;
      if (near > 0) {
        // the board drawn in its element's box at its aspect (preserveAspectRatio meet): the smaller of the two ratios
        const vb = this.svg.viewBox.baseVal;
        const r = this.svg.getBoundingClientRect();
        const k = vb && vb.width > 0 && vb.height > 0 ? Math.min(r.width / vb.width, r.height / vb.height) : 0;
        this.svg.classList.toggle("far", !(k > 0) || k < near);
        // and, up to data-mid-scale, the class "mid": its places' names in a middle size (Sparta vs. Athens: the
        // small names are ~6 px from data-near-scale until there, issue 11)
        const mid = Number(this.svg.getAttribute("data-mid-scale"));
        this.svg.classList.toggle("mid", mid > 0 && k >= near && k < mid);
      }
    }
    /** The whole board in view, or its focus on a small screen (focusNow): the focus' centre in the middle, at the
     * scale that shows all of it or the focus' scale if more, the board's edges kept at the frame's. */
    fit() {
      this.fitted = true;
      this.s = 1; this.tx = 0; this.ty = 0;
      const f = this.focusNow();
      const W = this.el.clientWidth, H = this.el.clientHeight;
      if (f && W > 0 && H > 0) {
        const [vx, vy, vw, vh] = this.box;
        const b = Math.min(W / vw, H / vh);  // the svg's own scale (preserveAspectRatio meet), centred
        const ox = (W - vw * b) / 2, oy = (H - vh * b) / 2;
        const k = Math.max(f.scale, Math.min(W / (f.x1 - f.x0), H / (f.y1 - f.y0)));
        this.s = k / b;
        const at = (x, axis) => (axis ? oy + (x - vy) * b : ox + (x - vx) * b) * this.s;
        const place = (lo, hi, size, axis) => {
          const [a, z] = [at(lo, axis), at(hi, axis)];  // the focus' edges, scaled
          const [ea, ez] = [at(axis ? vy : vx, axis), at(axis ? vy + vh : vx + vw, axis)];  // the board's
          let t = size / 2 - (a + z) / 2;
          if (ez - ea >= size) t = Math.min(-ea, Math.max(size - ez, t));  // no gap past the board's edges
          return t;
        };
        this.tx = place(f.x0, f.x1, W, 0);
        this.ty = place(f.y0, f.y1, H, 1);
      }
      this.apply();
    }

    /** The whole board in view, even where a focus would be fitted. */
    whole() { this.fitted = false; this.s = 1; this.tx = 0; this.ty = 0; this.apply(); }

    zoomAt(factor, cx, cy) {
      const s = Math.min(12, Math.max(0.5, this.s * factor));
      const k = s / this.s;
      this.fitted = false;
      this.tx = cx - (cx - this.tx) * k;
      this.ty = cy - (cy - this.ty) * k;
      this.s = s;
      this.apply();
    }

    zoomCentre(factor) {
      const r = this.el.getBoundingClientRect();
      this.zoomAt(factor, r.width / 2, r.height / 2);
    }

    bind() {
      const el = this.el;
      const local = (e) => { const r = el.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top }; };
      el.addEventListener("wheel", (e) => {
        e.preventDefault();
        const p = local(e);
        this.zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), p.x, p.y);
      }, { passive: false });
      el.addEventListener("pointerdown", (e) => {
        if (e.pointerType === "mouse" && e.button !== 0) return;
        this.pointers.set(e.pointerId, local(e));
        if (this.pointers.size === 1) {
          this.dragged = false;
          this.start = { ...local(e), tx: this.tx, ty: this.ty };
        } else if (this.pointers.size === 2) {
          this.dragged = true;
          const [a, b] = [...this.pointers.values()];
          this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        }
      });
      el.addEventListener("pointermove", (e) => {
        if (!this.pointers.has(e.pointerId)) return;
        const p = local(e);
        this.pointers.set(e.pointerId, p);
        if (this.pointers.size >= 2 && this.pinch) {
          const [a, b] = [...this.pointers.values()];
          const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
          const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
          this.tx += mid.x - this.pinch.x;
          this.ty += mid.y - this.pinch.y;
          this.zoomAt(d / this.pinch.d, mid.x, mid.y);
          this.pinch = { d, x: mid.x, y: mid.y };
        } else if (this.start) {
          const dx = p.x - this.start.x;
          const dy = p.y - this.start.y;
          if (!this.dragged && Math.hypot(dx, dy) > 6) {
            this.dragged = true;
            el.classList.add("dragging");
            try { el.setPointerCapture(e.pointerId); } catch (_err) { /* the pointer is gone */ }
          }
          if (this.dragged) {
            this.fitted = false;
            this.tx = this.start.tx + dx;
            this.ty = this.start.ty + dy;
            this.apply();
          }
        }
      });
      const up = (e) => {
        this.pointers.delete(e.pointerId);
        if (this.pointers.size < 2) this.pinch = null;
        if (this.pointers.size === 1) {
          const [p] = [...this.pointers.values()];
          this.start = { ...p, tx: this.tx, ty: this.ty };
        } else if (!this.pointers.size) {
          this.start = null;
          el.classList.remove("dragging");
        }
      };
      el.addEventListener("pointerup", up);
      el.addEventListener("pointercancel", up);
      el.addEventListener("click", (e) => {
        if (this.dragged) { this.dragged = false; e.stopPropagation(); return; }
        this.onClick(e);
      });
      el.addEventListener("keydown", (e) => {
        const piece = e.target !== el && e.target.closest ? e.target.closest("[data-ref]") : null;
        if (piece && (e.key === "Enter" || e.key === " ")) {
          // a focused board element: the same as a click at its centre
          const r = piece.getBoundingClientRect();
          e.preventDefault();
          this.onClick({ target: piece, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
          return;
        }
        const step = 60;
        const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
        if (e.key === "+" || e.key === "=") this.zoomCentre(1.25);
        else if (e.key === "-" || e.key === "_") this.zoomCentre(0.8);
        else if (e.key === "0") this.fit();
        else if (moves[e.key]) { this.fitted = false; this.tx += moves[e.key][0]; this.ty += moves[e.key][1]; this.apply(); } else return;
        e.preventDefault();
      });
    }

    /** Mark the elements whose refs are in ``next`` (clickable now), ``picked`` (chosen) and ``hover``. */
    highlight(next, picked, hover) {
      if (!this.svg) return;
      for (const el of this.svg.querySelectorAll("[data-ref]")) {
        const ref = el.getAttribute("data-ref");
        el.classList.toggle("ref-next", next.has(ref));
        el.classList.toggle("ref-picked", picked.includes(ref));
        el.classList.toggle("ref-hover", Boolean(hover && hover.includes(ref)));
        this.mark(el, next.has(ref) || picked.includes(ref));
      }
    }

    /** A board element for keyboards and screen readers: one that can be chosen now is a button in the
     * tab order (Enter or Space clicks it, see bind), any other named one an image (a group when it holds
     * other board elements); its name is its aria-label. */
    mark(el, choosable) {
      if (choosable) {
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        return;
      }
      el.removeAttribute("tabindex");
      if (el.hasAttribute("aria-label")) el.setAttribute("role", el.querySelector("[data-ref]") ? "group" : "img");
      else el.removeAttribute("role");
    }
  }

  /** The first ref among ``allowed`` under a click: the target, its ref-carrying ancestors, then
   * whatever else lies under the pointer (a click on a marker or an enemy block reaches the hex). */
  function refUnder(e, allowed) {
    const walk = (node) => {
      let el = node && node.closest ? node.closest("[data-ref]") : null;
      while (el) {
        const ref = el.getAttribute("data-ref");
        if (allowed.has(ref)) return ref;
        el = el.parentElement ? el.parentElement.closest("[data-ref]") : null;
      }
      return null;
    };
    const direct = walk(e.target);
    if (direct) return direct;
    for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
      const ref = walk(node);
      if (ref) return ref;
    }
    return null;
  }

  const CONFIRM_RE = /^(end|play|done)\b/i;
  const FACINGS = [["N", t("North ↑")], ["E", t("East →")], ["S", t("South ↓")], ["W", t("West ←")]];

  // A seat's last move: the version of that seat's page its action made (each seat's page has its own
  // versions, which move only when what the seat may see moves), kept per game and seat.
  function lastMove(gid, role) {
    if (!role) return null;
    try { return JSON.parse(localStorage.getItem(`polemos:last:${gid}:${role}`) || "null"); } catch (_err) { return null; }
  }
  function saveLastMove(gid, role, doc) {
    try { localStorage.setItem(`polemos:last:${gid}:${role}`, JSON.stringify(doc)); } catch (_err) { /* private mode */ }
  }

  /** Whether the socket's versions tell of a page newer than the one shown (versions only grow; a
   * message that arrives after the page already fetched that change tells nothing new). */
  function newerVersions(sent, shown) {
    return Object.entries(sent || {}).some(([k, v]) => !(shown && k in shown) || v > shown[k]);
  }

  // ------------------------------------------------------------------------------------ the game
  class GamePage {
    constructor(gid, invite) {
      this.gid = gid;
      this.invite = invite;
      this.version = null;
      this.role = null; // the role shown
      this.reasonsFor = null; // the game's explanation of the page shown, once asked for ({key, reasons}: explained)
      this.manualRole = null;
      this.picked = [];
      this.busy = false;
      this.closed = false;
      this.retry = 0;
      this.sinceKey = null;
      this.shownPrompt = null;
    }

    stop() {
      this.closed = true;
      clearTimeout(this.reconnect);
      if (this.ws) this.ws.close();
      document.removeEventListener("keydown", this.onKey);
    }

    async start(app) {
      this.board = new BoardView((e) => this.boardClick(e));
      const btn = (id, label, fn, cls = "") => h("button", { type: "button", id, class: cls, onclick: fn }, label);
      this.root = h("section", { id: "game", class: "game", dataset: { ready: "0" }, "aria-labelledby": "game-title" },
        h("div", { class: "game-head" },
          h("h1", { id: "game-title" }, t("Game #{id}", { id: this.gid })),
          h("span", { id: "live", class: "live off", title: t("live updates") }, t("offline")),
          h("span", { id: "seed-chosen", class: "tag seed-chosen", hidden: true, title: t("The creator chose this game's "
            + "seed, so the deals and dice were known beforehand") }, t("seed chosen")),
          h("p", { id: "whose", class: "whose" }),
          h("div", { id: "roles", class: "roles", role: "group", "aria-label": t("Your seats") })),
        h("div", { id: "game-alerts" }),
        h("div", { id: "handover", class: "handover", hidden: true },
          h("p", { id: "handover-text" }),
          btn("handover-ready", t("I am ready — show my board"), () => this.hideHandover(), "primary big")),
        h("div", { id: "layout", class: "game-layout" },
          this.board.wrap,
          h("aside", { class: "side", id: "side", "aria-label": t("Game panel") },
            h("div", { id: "prompt-box", class: "prompt-box" }, h("p", { id: "prompt" })),
            h("p", { id: "why", class: "why", role: "status", hidden: true }),
            h("div", { id: "now", class: "now-box" }),
            h("div", { id: "selection", class: "selection", hidden: true },
              h("span", { id: "selection-text" }), " ", btn("clear-selection", t("Clear"), () => this.clearPick(), "small")),
            h("div", { id: "facings", class: "facings", hidden: true, role: "group", "aria-label": t("Facing") },
              FACINGS.map(([f, label]) => h("button", { type: "button", class: "facing", dataset: { ref: `f:${f}` },
                onclick: () => this.pick(`f:${f}`) }, label))),
            h("div", { id: "confirm", class: "confirm", hidden: true, role: "group", "aria-label": t("Confirm the action") },
              h("span", { id: "confirm-text" }), h("span", { id: "confirm-note", class: "hint" }),
              h("span", { id: "confirm-alts", class: "alts" }),
              btn("confirm-yes", t("Confirm"), () => this.confirmed(), "primary"),
              btn("confirm-no", t("Cancel"), () => this.cancelConfirm())),
            h("h2", { id: "actions-h" }, t("Your actions")),
            h("ul", { id: "actions", class: "actions", "aria-labelledby": "actions-h" }),
            h("label", { class: "check quick-moves", for: "quick-moves" },
              h("input", { type: "checkbox", id: "quick-moves", checked: this.quick(),
                onchange: (e) => { try { localStorage.setItem("polemos:quick", e.target.checked ? "1" : "0"); } catch (_err) { /* private mode */ } } }),
              " ", t("Quick moves: play board moves that can be undone without confirming")),
            btn("undo", t("Undo my last action"), () => this.undo(), "undo"),
            h("details", { id: "since", class: "since", hidden: true }, h("summary", null, t("What happened since your last move")),
              h("div", { id: "since-body" })),
            // on a phone the state and the log fold away, so the board and the decision share one screen
            h("details", { id: "panel-box", class: "fold", open: !PHONE.matches },
              h("summary", null, t("Game state")), h("div", { id: "panel" })),
            h("details", { id: "log-box", class: "fold", open: !PHONE.matches },
              h("summary", null, t("Log")), h("ol", { id: "log", class: "log" })),
            h("details", { id: "full-log" }, h("summary", null, t("Full log")), h("ol", { class: "log" })),
            h("p", null, h("a", { href: "/", "data-link": true }, t("Back to the lobby"))))));
      $("#undo", this.root).hidden = true;
      app.append(this.root);
      this.onKey = (e) => {
        if (e.key === "Escape" && (this.picked.length || !$("#confirm", this.root).hidden)) this.cancelConfirm();
      };
      document.addEventListener("keydown", this.onKey);
      if (this.invite && session.user) await this.acceptInvite();
      await this.refresh();
      this.connect();
    }

    // -- data ---------------------------------------------------------------------------------
    refresh() {
      if (this.loading) { this.again = true; return this.loading; }
      this.root.dataset.ready = "0";
      this.loading = (async () => {
        do {
          this.again = false;
          try { await this.load(); } catch (err) {
            if (err.status === 404) {
              this.closed = true;
              this.root.replaceChildren(h("h1", null, t("No such game")), h("p", null, err.message, " — ", h("a", { href: "/", "data-link": true }, t("back to the lobby"))));
              return;
            }
            notify(err.message, "error");
            await sleep(500);
          }
        } while (this.again && !this.closed);
      })().finally(() => {
        this.loading = null;
        if (!this.busy) this.root.dataset.ready = "1";
      });
      return this.loading;
    }

    async load() {
      const url = (role) => `/api/games/${this.gid}/view` + (role ? `?role=${encodeURIComponent(role)}` : "");
      const asked = this.manualRole || this.role;
      let data = await api("GET", url(this.multi ? asked : null));
      const mine = data.game.my_roles;
      this.multi = mine.length > 1;
      if (this.multi && !this.manualRole) {
        const active = data.game.active;
        const want = (this.role && active.includes(this.role)) ? this.role : (mine.find((r) => active.includes(r)) || this.role || data.role);
        if (want && want !== data.role) data = await api("GET", url(want));
      }
      const manual = Boolean(this.manualRole);
      this.manualRole = null;
      const previous = this.role;
      this.show(data);
      if (this.multi && previous && data.role !== previous && !manual && data.game.status === "active") this.showHandover();
    }

    show(data) {
      this.data = data;
      this.version = data.version;
      this.role = data.role;
      this.root.dataset.version = String(data.version);
      this.root.dataset.role = data.role || "";
      this.root.dataset.status = data.game.status;
      const g = data.game;
      // the game's own words in this language (its web module drew the panel and labels in English)
      i18n.page = data.tr || {};
      if (Array.isArray(data.labels)) data.labels = data.labels.map((label) => t(label));
      document.title = `${t(g.title)} #${g.id} — Polemos`;
      $("#game-title", this.root).textContent = `${t(g.title)} #${g.id}`;
      $("#seed-chosen", this.root).hidden = !g.seed_chosen;
      this.board.setSvg(data.board);
      // a new page (e.g. the opponent's card played face down) keeps a question being confirmed open
      // while that action is still legal: the player's choice is not silently dropped
      const pending = this.pending;
      this.picked = [];
      this.hideConfirm();
      this.renderWhose();
      this.renderRoles();
      this.renderAlerts();
      this.renderActions();
      this.renderPanel();
      this.renderSelection();
      this.renderSince();
      const still = pending && this.myMove() ? data.legal.indexOf(pending) : -1;
      if (still >= 0) this.askConfirm(still);
    }

    myMove() {
      const d = this.data;
      return Boolean(d && d.game.status === "active" && d.role && d.game.active.includes(d.role) && d.legal.length);
    }

    // -- header, seats, alerts -------------------------------------------------------------
    renderWhose() {
      const d = this.data;
      const g = d.game;
      const el = $("#whose", this.root);
      const names = Object.fromEntries(g.seats.map((s) => [s.role, s.kind === "bot" ? t("bot {name}", { name: s.bot }) : s.player || t("open")]));
      el.classList.toggle("my-turn", this.myMove());
      let text;
      if (g.status === "finished") text = t("Game over: {result}.", { result: resultText(g) });
      else if (g.status === "open") text = t("Waiting for players to take the open seats.");
      else if (this.myMove()) text = t("Your move as {role}.", { role: title(d.role) });
      else text = t("Waiting for {who}.", { who: g.active.map((r) => `${title(r)} (${names[r]})`).join(t(" and ")) || "—" });
      el.replaceChildren(h("span", null, text), " ", h("span", { class: "version" }, t("version {n}", { n: d.version })));
      const said = (d.panel && d.panel.prompt) || (d.view && d.view.prompt) || "";
      const prompt = t(said);
      $("#prompt", this.root).textContent = !d.role ? t("You are watching this game.") : this.myMove() ? prompt : text;
      const say = this.myMove() ? t("{role}, your move: {prompt}", { role: title(d.role), prompt }) : text;
      if (say !== this.shownPrompt) { this.shownPrompt = say; announce(say); }
    }

    renderRoles() {
      const box = $("#roles", this.root);
      const mine = this.data.game.my_roles;
      box.replaceChildren();
      if (mine.length < 2) {
        if (mine.length === 1) box.append(h("span", { class: "tag" }, t("You play {role}", { role: title(mine[0]) })));
        return;
      }
      box.append(h("span", { class: "k" }, t("Seat shown: ")));
      for (const r of mine) {
        const active = this.data.game.active.includes(r);
        box.append(h("button", { type: "button", class: "role" + (r === this.role ? " current" : "") + (active ? " active" : ""),
          "aria-pressed": r === this.role ? "true" : "false", dataset: { role: r },
          onclick: () => { if (r !== this.role) { this.manualRole = r; this.refresh(); } } },
        title(r) + (active ? " •" : "")));
      }
    }

    renderAlerts() {
      const box = $("#game-alerts", this.root);
      const g = this.data.game;
      box.replaceChildren();
      if (g.status === "open") {
        const open = g.seats.filter((s) => s.kind === "open");
        if (g.invite) {
          const link = `${location.origin}/game/${g.id}?invite=${encodeURIComponent(g.invite)}`;
          const input = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": t("Invitation link") });
          box.append(h("div", { class: "notice info" }, t("Waiting for players. Send this invitation link: "), input, " ",
            h("button", { type: "button", class: "small", onclick: async () => {
              input.select();
              try { await navigator.clipboard.writeText(link); notify(t("Link copied.")); } catch (_err) { notify(t("Select the link and copy it.")); }
            } }, t("Copy"))));
        }
        if (!g.my_roles.length && session.user) {
          box.append(h("div", { class: "notice info" }, t("Open seats: "),
            open.map((s) => h("button", { type: "button", class: "primary small join-seat", dataset: { role: s.role },
              onclick: () => this.join(s.role) }, t("Join as {role}", { role: title(s.role) })))));
        }
      }
      if (!session.user) {
        box.append(h("p", { class: "notice info" }, t("You are watching. "), h("a", { href: loginHref(), "data-link": true }, t("Log in")), t(" to play.")));
      }
      if (g.status === "finished") {
        box.append(h("div", { class: "notice outcome", id: "outcome" }, t("Game over: {result}.", { result: resultText(g) }), " ",
          h("a", { href: `/replay/${g.id}`, "data-link": true, id: "replay-link" }, t("Watch the replay"))));
      }
    }

    async acceptInvite() {
      try {
        const meta = await api("GET", `/api/games/${this.gid}`);
        if (meta.status === "open" && !meta.my_roles.length) {
          const open = meta.seats.filter((s) => s.kind === "open");
          if (open.length === 1) await this.join(open[0].role, false);
          else notify(t("Choose the seat to take."), "info");
        }
      } catch (err) { notify(err.message, "error"); }
    }

    async join(role, reload = true) {
      try {
        await api("POST", `/api/games/${this.gid}/join`, { role, invite: this.invite || undefined });
        notify(t("You joined as {role}.", { role: title(role) }));
        this.invite = null;
        history.replaceState({}, "", `/game/${this.gid}`);
      } catch (err) { notify(err.message, "error"); }
      if (reload) await this.refresh();
    }

    // -- actions --------------------------------------------------------------------------
    renderActions() {
      const d = this.data;
      const ul = $("#actions", this.root);
      ul.replaceChildren();
      const can = this.myMove();
      $("#actions-h", this.root).textContent = can ? t("Your actions ({n})", { n: d.legal.length }) : t("Your actions");
      if (!can) {
        ul.append(h("li", { class: "empty" }, d.game.status === "finished" ? t("The game is over.") : d.role ? t("Nothing to do now.") : t("Spectators watch.")));
      } else {
        const groups = new Map();
        d.legal.forEach((text, i) => {
          const refs = (d.refs && d.refs[i]) || [];
          const label = (d.labels && d.labels[i]) || text;
          const b = h("button", { type: "button", class: "action", title: text, dataset: { action: text, index: i, refs: refs.join(" ") },
            onclick: () => this.chooseFromList(i) }, label);
          if (refs.length) {
            const over = () => this.board.highlight(this.nextRefs(), this.picked, refs);
            const out = () => this.board.highlight(this.nextRefs(), this.picked, null);
            b.addEventListener("mouseenter", over); b.addEventListener("focus", over);
            b.addEventListener("mouseleave", out); b.addEventListener("blur", out);
          }
          // a game's group heading (SvA's purchases of one unit, issue 11): its actions in one foldable item, the
          // heading a keyboard opens (summary), each action still a button with its canonical text as title
          const [group, short] = (d.groups && d.groups[i]) || [];
          if (!group) { ul.append(h("li", null, b)); return; }
          b.textContent = t(short);  // under its heading a button says its place; its name stays the whole label
          b.setAttribute("aria-label", label);
          let box = groups.get(group);
          if (!box) {
            box = h("ul", { class: "actions-in" });
            const n = d.groups.filter((g) => g && g[0] === group).length;
            groups.set(group, box);
            ul.append(h("li", { class: "action-group" }, h("details", null, h("summary", null, `${t(group)} (${n})`), box)));
          }
          box.append(h("li", null, b));
        });
      }
      const undo = $("#undo", this.root);
      undo.hidden = !(d.can_undo && d.game.status === "active");
    }

    refsOf(i) { return (this.data.refs && this.data.refs[i]) || []; }

    candidates() {
      if (!this.myMove()) return [];
      const p = this.picked;
      return this.data.legal.map((_, i) => i).filter((i) => {
        const seq = this.refsOf(i);
        return seq.length && seq.length >= p.length && p.every((r, k) => seq[k] === r);
      });
    }

    /** The game's board plans (a destination's click -> several actions, e.g. the engine's path of a move). */
    plans() { return (this.myMove() && this.data.panel && Array.isArray(this.data.panel.plans)) ? this.data.panel.plans : []; }

    /** The game's reason why a board place cannot be chosen now, if it gave one: in its panel
     * (``panel.why``: {reason: [refs]}), or in its explanation (``explained``, asked for on such a click). */
    whyNot(ref, explained = {}) {
      const why = (this.data && this.data.panel && this.data.panel.why) || {};
      for (const source of [why, explained]) {
        for (const [reason, refs] of Object.entries(source)) if (refs.includes(ref)) return reason;
      }
      return null;
    }

    /** The game's reasons why board places cannot be chosen now ({reason: [refs]}): the server works them
     * out only when asked (GET /api/games/{id}/explain; they cost more than the page), so the page asks
     * when a click finds nothing to choose, once per version of the page shown. */
    async explained() {
      const key = `${this.role}@${this.version}`;
      if (this.reasonsFor && this.reasonsFor.key === key) return this.reasonsFor.reasons;
      let reasons = {};
      try {
        const res = await api("GET", `/api/games/${this.gid}/explain?role=${encodeURIComponent(this.role)}`);
        if (!res || res.version !== this.version || res.role !== this.role) return {}; // the page moved on meanwhile
        reasons = res.why || {};
      } catch (_err) {
        return {}; // no reason to show: the click just chooses nothing
      }
      this.reasonsFor = { key, reasons };
      return reasons;
    }

    /** Quick moves: the player's choice to play board moves the game marks undoable without a question. */
    quick() { try { return localStorage.getItem("polemos:quick") === "1"; } catch (_err) { return false; } }

    nextRefs() {
      const next = new Set();
      if (!this.picked.length) for (const p of this.plans()) next.add(p.refs[0]);
      for (const i of this.candidates()) {
        const seq = this.refsOf(i);
        if (seq.length > this.picked.length) next.add(seq[this.picked.length]);
      }
      return next;
    }

    renderSelection() {
      const next = this.nextRefs();
      this.board.highlight(next, this.picked, null);
      const sel = $("#selection", this.root);
      sel.hidden = !this.picked.length;
      $("#selection-text", this.root).textContent = this.picked.length
        ? t("Selected: {picked}", { picked: this.picked.map((r) => this.refName(r)).join(" → ") }) : "";
      const facing = [...next].some((r) => r.startsWith("f:"));
      $("#facings", this.root).hidden = !facing;
      for (const b of $$("#facings button", this.root)) b.disabled = !next.has(b.dataset.ref);
      const cands = new Set(this.candidates());
      for (const b of $$("#actions button.action", this.root)) {
        b.parentElement.hidden = this.picked.length > 0 && !cands.has(Number(b.dataset.index));
      }
      // a group with a candidate opens while something is picked; one with none is hidden
      for (const g of $$("#actions li.action-group", this.root)) {
        const shown = $$("li:not([hidden]) > button.action", g).length;
        g.hidden = !shown;
        if (this.picked.length && shown) g.firstChild.open = true;
      }
    }

    /** A picked ref as the player reads it: the board element's own name (its aria-label), a facing's
     * button text, else the ref itself. */
    refName(ref) {
      const el = this.board.svg && [...this.board.svg.querySelectorAll("[data-ref]")].find((x) => x.dataset.ref === ref);
      const face = FACINGS.find(([f]) => `f:${f}` === ref);
      return (el && el.getAttribute("aria-label")) || (face && face[1]) || ref;
    }

    boardClick(e) {
      if (!this.myMove() || this.busy || !$("#confirm", this.root).hidden) return;
      let ref = refUnder(e, this.nextRefs());
      if (!ref && this.picked.length) {
        // the last pick again takes it back; a first step of another action starts over
        const last = this.picked[this.picked.length - 1];
        if (refUnder(e, new Set([last])) === last) { this.picked.pop(); this.renderSelection(); return; }
        const saved = this.picked;
        this.picked = [];
        ref = refUnder(e, this.nextRefs());
        if (!ref) this.picked = saved;
      }
      const whyBox = $("#why", this.root);
      if (whyBox) whyBox.hidden = true;
      if (ref) { this.pick(ref); return; }
      // nothing to choose there: say why, from the engine, if the game knows (its panel's reasons, else
      // its explanation, asked for now: GET /explain)
      const under = [];
      for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
        const el = node.closest ? node.closest("[data-ref]") : null;
        if (el && !under.includes(el)) under.push(el);
      }
      if (!under.length) return;
      this.sayWhy(under, whyBox);
    }

    async sayWhy(under, whyBox) {
      const shown = this.version;
      let explained = {};
      if (!under.some((el) => this.whyNot(el.getAttribute("data-ref")))) explained = await this.explained();
      if (this.version !== shown || this.picked.length) return; // a new page, or a choice begun meanwhile
      for (const el of under) {
        const reason = this.whyNot(el.getAttribute("data-ref"), explained);
        if (reason) {
          if (whyBox) {
            whyBox.textContent = `${this.refName(el.getAttribute("data-ref"))}: ${reason}`;
            whyBox.hidden = false;
            whyBox.scrollIntoView({ block: "nearest" });
          }
          announce(reason);
          break;
        }
      }
    }

    pick(ref) {
      this.picked.push(ref);
      const cands = this.candidates();
      const complete = cands.filter((i) => this.refsOf(i).length === this.picked.length);
      this.renderSelection();
      const plan = this.picked.length === 1 ? this.plans().find((p) => p.refs[0] === ref) : null;
      if (plan) this.askPlan(plan, complete.length ? complete[0] : -1);
      else if (complete.length) this.askConfirm(complete[0], this.picked.length > 0);
      else if (!cands.length) this.clearPick();
    }

    clearPick() {
      this.picked = [];
      this.renderSelection();
    }

    chooseFromList(i) {
      if (this.busy) return;
      const text = this.data.legal[i];
      if (CONFIRM_RE.test(text)) this.askConfirm(i);
      else this.send(text);
    }

    askConfirm(i, board = false) {
      // quick moves: a board choice the game marks undoable (panel.quick: its verbs) goes without a question,
      // unless the same clicks choose other actions too (they are offered beside it)
      const verb = String(this.data.legal[i]).split(" ")[0];
      const quickVerbs = (this.data.panel && this.data.panel.quick) || [];
      const seq = this.refsOf(i).join(" ");
      const alts = this.data.legal.some((_, j) => j !== i && seq && this.refsOf(j).join(" ") === seq);
      if (board && this.quick() && quickVerbs.includes(verb) && !alts) { this.send(this.data.legal[i]); return; }
      this.pending = this.data.legal[i];
      this.showQuestion(this.shownAction(i), this.pending);
      this.confirmExtras(i);
      $("#confirm-yes", this.root).focus();
    }

    /** Action ``i`` as a player reads it: its display label (the game's words, in the page's language), else
     * its canonical text through the page's words. */
    shownAction(i) {
      const d = this.data;
      return (d.labels && d.labels[i]) || t(String(d.legal[i]));
    }

    /** The question asked before an action is sent (issue 11): "You chose: <the action's display text>", with
     * the canonical record text only as the question's title (a tooltip), never in its words. */
    showQuestion(shown, canonical) {
      const q = $("#confirm-text", this.root);
      q.textContent = t("You chose: {action}", { action: shown });
      q.title = canonical;
      $("#confirm", this.root).hidden = false;
    }

    /** Beside the question: the action's label, and the other actions the same clicks choose (a block's
     * march or sea move beside its operation move), each a button that plays it at once. */
    confirmExtras(i) {
      const d = this.data;
      const note = $("#confirm-note", this.root);
      if (note && !this.pendingPlan) note.textContent = "";  // the label is the question itself (showQuestion)
      const alts = $("#confirm-alts", this.root);
      if (!alts) return;
      const seq = i >= 0 ? this.refsOf(i).join(" ") : "";
      const others = seq ? d.legal.map((_, j) => j).filter((j) => j !== i && this.refsOf(j).join(" ") === seq) : [];
      alts.replaceChildren(...others.map((j) => h("button", { type: "button", class: "alt", title: d.legal[j], dataset: { action: d.legal[j] },
        onclick: () => { this.hideConfirm(); this.send(d.legal[j]); } }, (d.labels && d.labels[j]) || d.legal[j])));
      return others.length;
    }

    /** A board plan chosen: one question for all its actions (none in quick mode). */
    askPlan(plan, i) {
      this.pendingPlan = plan.actions;
      if (this.quick()) { this.confirmed(); return; }
      this.pending = i >= 0 ? this.data.legal[i] : plan.actions.join(", ");
      // the destination in the game's words (its label names the path and the rule), else the one action's
      const shown = plan.label ? t(plan.label) : i >= 0 ? this.shownAction(i) : this.pending;
      this.showQuestion(shown, this.pending);
      $("#confirm-note", this.root).textContent = "";
      $("#confirm-alts", this.root).replaceChildren();
      $("#confirm-yes", this.root).focus();
    }

    hideConfirm() {
      this.pending = null;
      this.pendingPlan = null;
      const c = $("#confirm", this.root);
      if (c) c.hidden = true;
    }

    cancelConfirm() {
      this.hideConfirm();
      this.clearPick();
    }

    confirmed() {
      const plan = this.pendingPlan;
      this.pendingPlan = null;
      if (plan) { this.hideConfirm(); this.sendAll(plan); return; }
      const text = this.pending;
      this.hideConfirm();
      if (text) this.send(text);
    }

    setBusy(on) {
      this.busy = on;
      this.root.dataset.ready = on || this.loading ? "0" : "1";
      for (const b of $$("#actions button, #undo, #confirm button, #facings button", this.root)) b.toggleAttribute("data-busy", on);
      this.root.classList.toggle("busy", on);
    }

    async send(text, undo = false) {
      if (this.busy) return;
      this.setBusy(true);
      const body = { version: this.version, role: this.role };
      let page = null;
      try {
        const url = `/api/games/${this.gid}/${undo ? "undo" : "actions"}?page=true`;
        const res = await api("POST", url, undo ? body : { ...body, action: text });
        saveLastMove(this.gid, res.role, { version: res.version });
        // the answer brings my seat's new page; a page of several seats looks again (it may hand over)
        if (res.page && !this.multi) page = res.page;
      } catch (err) {
        if (err.status === 409 && /stale/i.test(err.message)) notify(t("The game moved on while you were choosing: this is the new position."), "warn");
        else notify(err.message, "error");
      }
      this.picked = [];
      this.hideConfirm();
      this.setBusy(false);
      if (page && !this.loading) this.show(page);
      else await this.refresh();
      this.checkLive();
      const first = $("#actions button.action", this.root);
      if (first && document.activeElement === document.body) first.focus({ preventScroll: true });
    }

    undo() { this.send(null, true); }

    /** Several actions one after the other (a board plan), each only while it is still legal. */
    async sendAll(actions) {
      for (const a of actions) {
        if (!this.myMove() || !this.data.legal.includes(a)) break;
        await this.send(a);
      }
    }

    // -- side panel -----------------------------------------------------------------------
    renderPanel() {
      const d = this.data;
      $("#panel", this.root).replaceChildren(renderPanel(d.panel || {}));
      const nowBox = $("#now", this.root);
      if (nowBox) nowBox.replaceChildren(...renderNow(d.panel || {}));
      // the quick-moves switch only for a game that names its undoable board moves (panel.quick)
      const quickBox = $(".quick-moves", this.root);
      if (quickBox) quickBox.hidden = !(d.panel && Array.isArray(d.panel.quick));
      // a card in the hand whose play is legal now is played by a click on it (one question)
      for (const card of $$("#now .game-card", this.root)) {
        const i = this.myMove() ? d.legal.findIndex((a) => (card.dataset.actions || "").split("|").includes(a)) : -1;
        if (i < 0) continue;
        card.classList.add("playable");
        card.setAttribute("role", "button");
        card.setAttribute("tabindex", "0");
        card.setAttribute("aria-label", (d.labels && d.labels[i]) || d.legal[i]);
        card.dataset.action = d.legal[i];
        const go = () => { if (!this.busy) this.askConfirm(i); };
        card.addEventListener("click", go);
        card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
      }
      const all = d.log || [];
      $("#log", this.root).replaceChildren(...all.slice(-10).map(logLine));
      $("#full-log ol", this.root).replaceChildren(...all.map(logLine));
    }

    async renderSince() {
      const box = $("#since", this.root);
      const mine = lastMove(this.gid, this.role);
      if (!mine || this.version === null) { box.hidden = true; return; }
      box.hidden = false;
      const key = `${mine.version}:${this.version}:${this.role}`;
      if (key === this.sinceKey) return;
      this.sinceKey = key;
      const body = $("#since-body", this.root);
      const summary = $("#since summary", this.root);
      if (this.version <= mine.version) {
        summary.textContent = t("What happened since your last move: nothing yet");
        body.replaceChildren(h("p", { class: "hint" }, t("Nothing has happened since your last move.")));
        return;
      }
      // the server answers from this seat's own view: the log lines that came after my move, by the
      // version of my page that brought them (nothing another side did in secret)
      let items;
      try {
        items = await api("GET", `/api/games/${this.gid}/since?after=${mine.version}&role=${encodeURIComponent(this.role)}`);
      } catch (err) { return; }
      if (this.sinceKey !== key) return;
      const lines = items.reduce((n, x) => n + x.log.length, 0);
      summary.textContent = lines === 1 ? t("What happened since your last move (1 line of the log)")
        : t("What happened since your last move ({n} lines of the log)", { n: lines });
      if (!lines) {
        body.replaceChildren(h("p", { class: "hint" }, t("Nothing new in the log since your last move.")));
        return;
      }
      replace(body, h("ol", { class: "plain since-list" }, items.map((x) => h("li", null,
        h("span", { class: "version" }, `v${x.version}`), h("ol", { class: "log" }, x.log.map(logLine))))));
    }

    // -- hot-seat hand-over ---------------------------------------------------------------
    showHandover() {
      const role = title(this.role);
      $("#handover-text", this.root).textContent = t("Pass to {role} — click when ready.", { role });
      $("#handover", this.root).hidden = false;
      $("#layout", this.root).hidden = true;
      this.root.dataset.handover = "1";
      announce(t("Pass the device to {role}.", { role }));
      $("#handover-ready", this.root).focus();
    }

    hideHandover() {
      $("#handover", this.root).hidden = true;
      $("#layout", this.root).hidden = false;
      this.root.dataset.handover = "0";
      const first = $("#actions button.action", this.root);
      if (first) first.focus({ preventScroll: true });
    }

    // -- live updates ---------------------------------------------------------------------
    /** The socket sends the versions of my own pages (each of my seats', or the spectator's): look
     * again if one is newer than the view shown (or the game's status changed). */
    checkLive() {
      const msg = this.live;
      const d = this.data;
      if (msg && (!d || newerVersions(msg.versions, d.versions) || msg.status !== d.game.status)) this.refresh();
    }

    connect() {
      if (this.closed) return;
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${this.gid}/ws`);
      this.ws = ws;
      const live = $("#live", this.root);
      ws.addEventListener("open", () => { this.retry = 0; live.textContent = t("live"); live.className = "live on"; });
      ws.addEventListener("message", (ev) => {
        let msg;
        try { msg = JSON.parse(ev.data); } catch (_err) { return; }
        if (msg.type === "version") {
          this.live = msg;
          if (!this.busy) this.checkLive(); // while my action is on its way, its answer brings my page
        } else if (msg.type === "error") notify(msg.error, "error");
      });
      ws.addEventListener("close", (ev) => {
        if (this.ws !== ws) return;
        if (ev.code === 1008 && ev.reason) notify(t("Live updates: {reason}.", { reason: ev.reason }), "warn");  // e.g. too many open pages
        live.textContent = t("reconnecting…");
        live.className = "live off";
        if (this.closed) return;
        const wait = Math.min(10000, 500 * 2 ** this.retry++);
        this.reconnect = setTimeout(() => this.connect(), wait);
      });
    }
  }

  // ----------------------------------------------------------------------------------- replays
  class ReplayPage {
    constructor(gid) { this.gid = gid; this.step = 0; this.steps = 0; this.seq = 0; }
    stop() { this.closed = true; document.removeEventListener("keydown", this.onKey); }

    async start(app) {
      this.board = new BoardView(() => {});
      const btn = (id, label, aria, fn) => h("button", { type: "button", id, "aria-label": aria, title: aria, onclick: fn }, label);
      this.slider = h("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": t("Step") });
      this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
      this.root = h("section", { id: "replay", class: "game replay", dataset: { ready: "0" } },
        h("div", { class: "game-head" }, h("h1", { id: "replay-title" }, t("Replay of game #{id}", { id: this.gid })),
          h("p", { id: "replay-result", class: "whose" })),
        h("div", { class: "replay-controls", role: "group", "aria-label": t("Replay controls") },
          btn("replay-first", t("« First"), t("First step"), () => this.go(0)),
          btn("replay-prev", t("‹ Previous"), t("Previous step"), () => this.go(this.step - 1)),
          btn("replay-next", t("Next ›"), t("Next step"), () => this.go(this.step + 1)),
          btn("replay-last", t("Last »"), t("Last step"), () => this.go(this.steps)),
          this.slider,
          h("span", { id: "replay-step", "aria-live": "polite" })),
        h("div", { id: "layout", class: "game-layout" }, this.board.wrap,
          h("aside", { class: "side", "aria-label": t("Position") }, h("div", { id: "panel" }), h("h2", null, t("Log")),
            h("ol", { id: "log", class: "log" }), h("p", null, h("a", { href: "/", "data-link": true }, t("Back to the lobby"))))));
      app.append(this.root);
      this.onKey = (e) => {
        if (e.target.closest && e.target.closest("input,select,textarea")) return;
        if (e.key === "ArrowRight") this.go(this.step + 1);
        else if (e.key === "ArrowLeft") this.go(this.step - 1);
      };
      document.addEventListener("keydown", this.onKey);
      try {
        const meta = await api("GET", `/api/games/${this.gid}`);
        $("#replay-title", this.root).textContent = t("Replay: {game} #{id}", { game: t(meta.title), id: meta.id });
        document.title = t("Replay {game} #{id} — Polemos", { game: t(meta.title), id: meta.id });
        $("#replay-result", this.root).textContent = meta.status === "finished" ? t("Result: {result}.", { result: resultText(meta) }) : "";
      } catch (err) {
        notify(err.message, "error");
      }
      await this.go(0);
    }

    async go(step) {
      step = Math.max(0, Math.min(step, this.steps || step));
      const token = ++this.seq;
      this.root.dataset.ready = "0";
      let d;
      try { d = await api("GET", `/api/games/${this.gid}/replay?step=${step}`); } catch (err) {
        this.root.dataset.ready = "1";
        if (err.status === 409 || err.status === 404) {
          this.root.replaceChildren(this.root.firstChild, h("p", { class: "notice info", id: "replay-error" }, `${err.message[0].toUpperCase()}${err.message.slice(1)}. `,
            err.status === 409 ? h("a", { href: `/game/${this.gid}`, "data-link": true }, t("Back to the game")) : h("a", { href: "/", "data-link": true }, t("Back to the lobby"))));
        } else notify(err.message, "error");
        return;
      }
      if (token !== this.seq || this.closed) return;
      this.step = d.step;
      this.steps = d.steps;
      this.slider.max = String(d.steps);
      this.slider.value = String(d.step);
      this.root.dataset.step = String(d.step);
      this.root.dataset.steps = String(d.steps);
      $("#replay-step", this.root).textContent = d.action
        ? t("Step {step} of {steps}: {role} — {action}", { step: d.step, steps: d.steps, role: title(d.action[0]), action: d.action[1] })
        : t("Step {step} of {steps}: the start", { step: d.step, steps: d.steps });
      i18n.page = d.tr || {}; // the words the board and panel were drawn with, in the page's language
      this.board.setSvg(d.board);
      $("#panel", this.root).replaceChildren(renderPanel(d.panel || {}));
      $("#log", this.root).replaceChildren(...(d.log || []).slice(-10).map(logLine));
      this.root.dataset.ready = "1";
    }
  }

  // -------------------------------------------------------------------------------------- start
  (async () => {
    await Promise.all([loadMe(), loadLanguage()]);
    await route();
  })();
})();
