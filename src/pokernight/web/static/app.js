// The page: the account bar, and the lobby or a table by the address's hash.
import { call, el } from "./api.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

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
  const name = el("input", { id: "name", placeholder: "name", autocomplete: "username" });
  const password = el("input", { id: "password", type: "password", placeholder: "password" });
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

async function route() {
  leaveTable();
  leaveTable = () => {};
  const me = await refreshAccount();
  const match = location.hash.match(/^#\/table\/(\d+)/);
  if (match) leaveTable = showTable(main, Number(match[1]), me, refreshAccount);
  else await showLobby(main, me);
}

window.addEventListener("hashchange", route);
route();
