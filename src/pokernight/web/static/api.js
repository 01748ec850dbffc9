// The token a request that changes something carries (the server refuses it without): read
// from the server, renewed with each sign-in, dropped at a sign-out.
let token = null;

async function csrfToken() {
  if (token === null) token = (await (await fetch("/api/csrf")).json()).token;
  return token;
}

// The server's HTTP API: JSON in, JSON out, errors thrown with the server's message. A token
// refused as stale (another tab signed in or out) is read again and the request sent once more.
export async function call(method, path, body, retried = false) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  if (method !== "GET") options.headers["x-csrf-token"] = await csrfToken();
  const response = await fetch(path, options);
  if (method !== "GET" && path.startsWith("/api/signout")) token = null;
  if (response.status === 403 && response.headers.get("x-csrf-refused") && !retried) {
    token = null;
    return call(method, path, body, true);
  }
  const data = await response.json().catch(() => ({}));
  if (data.csrf) token = data.csrf;
  if (!response.ok) {
    const detail = data.detail;
    throw new Error(typeof detail === "string" ? detail : JSON.stringify(detail));
  }
  return data;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

// What a table is dealt from, as anyone watching should know it: a practice table (its host
// chose the seed, so the host knows every card) or a verifiable table's commitment (the hash
// of the server's secret, published before the first hand) and, once it is over, the secret.
export function dealNote(table) {
  if (table.practice) return el("p", { class: "deal", "data-deal": "practice" }, "Practice table: dealt from a seed its host chose");
  if (!table.commitment) return null;
  return el("p", { class: "deal", "data-deal": "verifiable" }, "Verifiable deal: SHA-256 ",
    el("code", { class: "commitment" }, table.commitment),
    table.secret ? [" of the secret ", el("code", { class: "secret" }, table.secret)] : " of a secret revealed when the table is over");
}

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

// A card's name as a screen reader says it: "queen of hearts", "joker", "ace of spades over
// seven of diamonds" (a dual-value card, top then bottom).
export function cardName(text) {
  if (text === null) return "hidden card";
  return text.split("/").map((part) => (part === "Jk" ? "joker"
    : `${RANKS[part.slice(0, -1)] || part.slice(0, -1)} of ${SUIT_NAMES[part.slice(-1)] || part.slice(-1)}`)).join(" over ");
}

// One card: its face from the text form ("As", "Jk", "As/7d"), or its back when hidden (null).
// A face is drawn as card art: its corner index (each end of a dual-value card in a corner of
// its own) and a large pip; the art lies in the card's box from its left edge, so where a
// hand is fanned (a seat's box too narrow for every card) the next card covers all of it but
// the corner index.
export function card(text, attrs = {}) {
  const named = { role: "img", "aria-label": cardName(text), ...attrs };
  if (text === null) return el("span", { class: "card back", ...named });
  const face = (part) => {
    if (part === "Jk") return el("span", { class: "end", "aria-hidden": "true" }, "Jk");
    const suit = part.slice(-1);
    const rank = part.slice(0, -1);  // a ten written "10", as every line of text writes it
    return el("span", { class: `end suit-${suit}${rank === "T" ? " ten" : ""}`, "aria-hidden": "true" }, (rank === "T" ? "10" : rank) + (SUITS[suit] || suit));
  };
  const parts = text.split("/");
  const suit = parts[0].slice(-1);
  const pip = parts.length > 1 ? null
    : el("span", { class: `pip suit-${suit}`, "aria-hidden": "true" }, text === "Jk" ? "★" : SUITS[suit] || "");
  return el("span", { class: "card", "data-card": text, ...named }, parts.map(face), pip);
}

// A computer seat's player in words: "computer", or the strategy beside it ("computer
// (house)") where the name says more than that (a hidden strategy says nothing more).
export function computerName(name) {
  return name === "computer" || name === "hidden" ? "computer" : `computer (${name})`;
}

// A stack of chips drawn for an amount (more discs for more chips; none for nothing), beside
// the amount's words. The discs are drawn by the style sheet (``data-discs``): decoration, kept
// out of the text, which says the amount.
export function chipStack(amount, words, attrs = {}) {
  const discs = amount ? Math.min(4, String(Math.abs(amount)).length + (Math.abs(amount) >= 5 ? 1 : 0)) : 0;
  return el("span", { ...attrs, class: `chips ${attrs.class || ""}`.trim(), "data-discs": discs }, words);
}

// A finished hand's cards drawn apart into the hands the game sets them into (Pai Gow's front
// and back: the catalog's ``set_as``, in the order the view lists them), each labelled; cards
// not so set (a hand in play, a seat that sat out) as they come.
export function setApart(cards, view, game, draw) {
  const sizes = game.set_as || [];
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const drawn = cards.map((c, i) => draw(c, i));
  if (!view || view.to_act !== null || !total || cards.length !== total) return drawn;
  let at = 0;
  return sizes.map(([name, size]) => {
    const part = el("span", { class: "set-hand", "data-hand-name": name }, el("span", { class: "set-name" }, name), drawn.slice(at, at + size));
    at += size;
    return part;
  });
}

// A round of a game of points, and of how many (a game played to a points threshold has no
// last round: "Round 4", not "of" anything).
export function roundWords(round) {
  return `Round ${round.number}${round.of ? ` of ${round.of}` : ""}`;
}

// A sit-and-go, as every page shows it: its level and what is left of it, its structure, and
// the places so far (the seats out as they went; every seat's with its prize once it is
// over). ``nameOf``: a seat's name as the page says it.
export function tournamentPanel(tournament, nameOf, id = "tournament") {
  const prize = (p) => (p.prize === null || p.prize === undefined ? "" : ` · prize ${p.prize}`);
  return el("section", { class: "tournament", id, "aria-label": "sit-and-go" },
    tournament.level ? el("div", { class: "level", "data-level": tournament.level }, tournament.level) : null,
    el("div", { class: "structure" }, tournament.words),
    tournament.places.length ? el("ol", { class: "places" },
      tournament.places.map((p) => el("li", { "data-seat": p.seat, "data-place": p.place },
        `${p.place} ${nameOf(p.seat)}${prize(p)}`))) : null);
}
