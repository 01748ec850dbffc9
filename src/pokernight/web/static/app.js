// The page: the account bar, and the lobby or a table by the address's hash.
import { call, el } from "./api.js";
import { showLobby } from "./lobby.js";
import { showLeague } from "./league.js";
import { showTable } from "./table.js";
import { showChat } from "./chat.js";
import { showHost } from "./host.js";
import { showSeatControls } from "./chips.js";
import { showChoice } from "./choice.js";
import { fourColourToggle } from "./night.js";
import { alertSettings } from "./alerts.js";

const account = document.getElementById("account");
const main = document.getElementById("main");
let leaveTable = () => {};

export async function refreshAccount() {
  account.replaceChildren();
  let me = null;
  try {
    me = await call("GET", "/api/me");
  } catch {
    me = null;
  }
  if (me) {
    account.append(
      el("span", { id: "me" }, me.name),
      el("span", { id: "bankroll", "data-bankroll": me.bankroll }, ` bankroll ${me.bankroll}`),
      el("button", { onclick: async () => { await call("POST", "/api/signout"); route(); } }, "Sign out"),
    );
    return me;
  }
  const name = el("input", { id: "name", placeholder: "name", autocomplete: "username", "aria-label": "name" });
  const password = el("input", { id: "password", type: "password", placeholder: "password", "aria-label": "password" });
  const problem = el("span", { class: "problem" });
  const go = (path, body) => async () => {
    try {
      await call("POST", path, body && body());
      route();
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  const credentials = () => ({ name: name.value, password: password.value });
  account.append(
    name, password,
    el("button", { id: "signup", onclick: go("/api/signup", credentials) }, "Sign up"),
    el("button", { id: "signin", onclick: go("/api/signin", credentials) }, "Sign in"),
    el("button", { id: "guest", onclick: go("/api/guest") }, "Play as guest"),
    problem,
  );
  return null;
}

// A table's page: the table, and beside it the chat and (for its host) the host's panel. On a
// phone (``#/phone/N/S``, a TV's QR code) only the seat's own cards and actions are shown.
function openTable(id, me, phone) {
  const area = el("div", { id: "table-area", class: phone ? "phone" : null });
  const side = el("aside", { class: "side" });
  main.replaceChildren(area, side);
  const stops = [showSeatControls(side, id), showChoice(side, id, me), showTable(area, id, me, refreshAccount)];
  if (!phone) stops.push(showChat(side, id, me), showHost(side, id));
  side.append(el("section", { class: "settings", "aria-label": "this browser's settings" }, fourColourToggle(), alertSettings()));
  return () => stops.forEach((stop) => stop());
}

// An invitation (``#/invite/N``) or a phone's seat (``#/phone/N/S``): once signed in, ask for
// the seat (the table seats you at once, or its host is asked) and open the table.
async function invited(id, seat, me, phone, current) {
  if (!me) {
    main.replaceChildren(el("section", { class: "invite" },
      el("h1", {}, `You are invited to table #${id}`),
      el("p", {}, seat === null ? "Sign up or sign in above to take a seat: the table seats you, or asks its host first."
        : `Sign up or sign in above to play seat ${seat + 1} on this phone.`)));
    return () => {};
  }
  try {
    await call("POST", `/api/tables/${id}/request`, seat === null ? {} : { seat });
  } catch (error) {
    if (!/already sit/.test(error.message)) {
      main.replaceChildren(el("p", { class: "problem", id: "problem" }, error.message));
      return () => {};
    }
  }
  if (!current()) return () => {};
  if (!phone) { history.replaceState(null, "", `#/table/${id}`); }
  return openTable(id, me, phone);
}

// Each route is numbered: one still waiting for the server when the address changes again
// (a sign-in, then a link followed at once) draws nothing over the newer one.
let routed = 0;

async function route() {
  const mine = ++routed;
  const current = () => mine === routed;
  leaveTable();
  leaveTable = () => {};
  const me = await refreshAccount();
  if (!current()) return;
  const table = location.hash.match(/^#\/table\/(\d+)/);
  const invite = location.hash.match(/^#\/(invite|phone)\/(\d+)(?:\/(\d+))?/);
  const league = location.hash.match(/^#\/league\/(\d+)/);
  if (table) leaveTable = openTable(Number(table[1]), me, false);
  else if (league) await showLeague(main, Number(league[1]), current);
  else if (invite) {
    const stop = await invited(Number(invite[2]), invite[3] === undefined ? null : Number(invite[3]), me, invite[1] === "phone", current);
    if (current()) leaveTable = stop; else stop();
  } else await showLobby(main, me, current);
}

window.addEventListener("hashchange", route);
route();
