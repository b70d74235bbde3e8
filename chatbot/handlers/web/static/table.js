// The web table's page: reads the signed initData from the launch fragment, shows the
// server's view of the table and sends taps back. Every word shown comes from the server,
// in the reader's language; this file holds none of its own.
"use strict";

(function () {
  const launch = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const initData = launch.get("tgWebAppData") || "";
  // none from the bot's menu button: the server answers with the reader's own table
  let code = query.get("t") || launch.get("tgWebAppStartParam") || "";
  const tg = () => (window.Telegram && window.Telegram.WebApp) || null;
  let view = null;
  let busy = false;

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v;
      else if (v !== null && v !== undefined) node.setAttribute(k, v);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  function cardFigure(card, caption) {
    const img = el("img", { class: "card", src: card.img, alt: card.name, "data-code": card.code });
    const parts = [img];
    if (caption) parts.push(el("figcaption", { text: caption }));
    return el("figure", {}, parts);
  }

  function show(doc) {
    if (!view || view.seq !== doc.seq) setText("said", "");  // a look of an earlier turn
    view = doc;
    byId("table").dataset.version = doc.version;
    byId("table").dataset.seq = doc.seq;
    document.documentElement.lang = doc.lang;
    document.documentElement.dir = doc.dir;
    document.title = doc.title;
    byId("title").textContent = doc.title;
    setText("notice", doc.notice);
    byId("seats").replaceChildren(...doc.seats.map((s) => el("li", {
      class: `team-${s.team}` + (s.turn ? " turn" : ""), "data-seat": s.seat,
      "aria-current": s.turn ? "true" : null,
    }, [el("bdi", { text: s.name })])));
    const turned = [];
    if (doc.vira) turned.push(cardFigure(doc.vira));
    for (const m of doc.manilhas || []) turned.push(cardFigure(m));
    byId("turned").replaceChildren(...turned);
    byId("trick").replaceChildren(...(doc.trick || []).map((t) => t.card
      ? cardFigure(t.card, t.name)
      : el("figure", {}, [el("img", { class: "card", src: "cards/back.webp", alt: "" }),
                          el("figcaption", { text: t.name })])));
    byId("lines").replaceChildren(...(doc.lines || []).map((l) => el("li", { text: l })));
    byId("events").replaceChildren(...(doc.events || []).map((l) => el("li", { text: l })));
    byId("partners").replaceChildren(...(doc.partners || []).flatMap(
      (p) => p.cards.map((c) => cardFigure(c, p.name))));
    showHand(doc);
    tick();
  }

  function showHand(doc) {
    const moves = doc.moves || [];
    const plays = new Map(moves.filter((m) => m.card && m.kind === "play").map((m) => [m.card, m]));
    const hand = (doc.hand || []).map((card) => {
      const move = plays.get(card.code);
      const button = el("button", { class: "card", "aria-label": card.name, "data-code": card.code },
        [el("img", { class: "card", src: card.img, alt: "" })]);
      button.disabled = !move || busy;
      if (move) button.addEventListener("click", () => send(move));
      return button;
    });
    byId("hand").replaceChildren(...hand);
    byId("hand").hidden = hand.length === 0;
    const others = moves.filter((m) => !(m.card && m.kind === "play" && doc.hand));
    byId("moves").replaceChildren(...others.map((m) => {
      const button = el("button", { "data-move": m.arg }, [el("bdi", { text: m.label })]);
      button.disabled = busy;
      button.addEventListener("click", () => send(m));
      return button;
    }));
    for (const [id, path] of [["cards", "api/cards"], ["hint", "api/hint"]]) {
      if (!doc[id]) continue;  // a private look: said on the page, changes nothing
      const look = el("button", { id: id, class: "look" }, [el("bdi", { text: doc[id] })]);
      look.disabled = busy;
      look.addEventListener("click", () => ask(path));
      byId("moves").append(look);
    }
    if (doc.rematch) {
      const again = el("button", { id: "rematch" }, [el("bdi", { text: doc.rematch })]);
      again.disabled = busy;
      again.addEventListener("click", () => act("api/rematch", {}));
      byId("moves").append(again);
    }
    byId("senas").replaceChildren(...(doc.senas || []).map((s) => {
      const button = el("button", { class: "sena", "data-sena": s.name }, [el("bdi", { text: s.label })]);
      button.disabled = busy;
      button.addEventListener("click", () => signal(s));
      return button;
    }));
  }

  function tick() {
    const clock = byId("clock");
    const waiting = view && view.deadline && view.seats.some((s) => s.turn && !s.bot);
    clock.hidden = !waiting;
    if (!waiting) return;
    const left = Math.max(0, Math.round((Date.parse(view.deadline) - Date.now()) / 1000));
    byId("seconds").textContent = new Intl.NumberFormat(view.lang).format(left);
  }

  function send(move) { return act("api/move", { seq: view.seq, move: move.arg }); }
  function signal(sena) { return act("api/sena", { sena: sena.name, hand: view.hand_no }); }

  // "My cards" and the hint: an answer in words, shown until the next turn
  async function ask(path) {
    if (busy) return;
    busy = true;
    showHand(view);
    try {
      const answer = await post(path, { seq: view.seq });
      setText("error", answer.error);
      setText("said", answer.said);
    } catch (e) {
      // nothing changed: the reader may ask again
    }
    busy = false;
    showHand(view);
  }

  async function act(path, body) {
    if (busy) return;  // a double tap sends one move
    busy = true;
    showHand(view);
    const haptic = tg() && tg().HapticFeedback;
    try {
      const answer = await post(path, body);
      if (haptic) haptic.impactOccurred(answer.error ? "rigid" : "light");
      setText("error", answer.error);
      const next = answer.view || (answer.error ? null : answer);
      busy = false;
      if (next && (!view || next.version >= view.version)) show(next); else showHand(view);
    } catch (e) {
      busy = false;
      showHand(view);
    }
  }

  async function post(path, body) {
    const response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign({ initData: initData, code: code }, body)),
    });
    return response.json();
  }

  // The table's changes, as a stream of views (server-sent events over a POST, so the
  // initData never sits in an address); after a dropped connection or a restart of the
  // bot it connects again, and its first view is the table as stored.
  async function listen() {
    for (;;) {
      try {
        const response = await fetch("api/stream", {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ initData: initData, code: code }),
        });
        if (response.status === 401 || response.status === 403 || response.status === 404) {
          setText("error", (await response.json()).error);
          return;
        }
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (chunk.startsWith("data: ")) received(JSON.parse(chunk.slice(6)));
          }
        }
      } catch (e) {
        // the connection dropped: connect again below
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  function received(doc) {
    if (!view || doc.version >= view.version) show(doc);
  }

  function theme() {
    const app = tg();
    if (!app) return false;
    const root = document.documentElement;
    for (const [name, value] of Object.entries(app.themeParams || {})) {
      root.style.setProperty("--tg-theme-" + name.replace(/_/g, "-"), value);
    }
    root.classList.add("themed");
    if (app.BackButton) { app.BackButton.show(); app.BackButton.onClick(() => app.close()); }
    if (app.ready) app.ready();
    return true;
  }

  // The reader's own records (the chat's /stats card): its title, the rest folded under it.
  async function records() {
    const answer = await post("api/records", {}).catch(() => ({}));
    const lines = answer.lines || [];
    byId("records").hidden = lines.length === 0;
    if (!lines.length) return;
    byId("records").dir = answer.dir;
    byId("records-title").textContent = lines[0];
    byId("records-lines").replaceChildren(...lines.slice(1).map((l) => el("li", { text: l.trim() })));
  }

  function byId(id) { return document.getElementById(id); }
  function setText(id, text) { const node = byId(id); node.textContent = text || ""; node.hidden = !text; }

  async function start() {
    const answer = await post("api/table", {});
    if (answer.error) { setText("error", answer.error); return; }
    code = code || answer.code;  // the table it showed is the one this page follows
    show(answer);
    records();
    listen();
    setInterval(tick, 1000);
    if (!theme()) window.addEventListener("load", theme, { once: true });
  }

  start();
})();
