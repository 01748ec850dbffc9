// The server's HTTP API: JSON in, JSON out, errors thrown with the server's message.
export async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
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

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

// One card: its face from the text form ("As", "Jk", "As/7d"), or its back when hidden (null).
export function card(text, attrs = {}) {
  if (text === null) return el("span", { class: "card back", ...attrs }, "");
  const face = (part) => {
    if (part === "Jk") return el("span", { class: "end" }, "Jk");
    const suit = part.slice(-1);
    return el("span", { class: `end suit-${suit}` }, part.slice(0, -1) + (SUITS[suit] || suit));
  };
  return el("span", { class: "card", "data-card": text, ...attrs }, text.split("/").map(face));
}
